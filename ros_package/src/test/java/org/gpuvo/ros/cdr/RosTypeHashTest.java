package org.gpuvo.ros.cdr;

import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.msg.TFMessage;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RosTypeHashTest {
    /**
     * The hashes ROS 2 (Jazzy) wrote into the channels of a recorded bag ({@code nav2_turtlebot.mcap} in the shared
     * data: {@code topic_type_hash} of /odom and of /tf): Odometry reaches nine nested types over three packages,
     * TFMessage a sequence of them.
     */
    @Test
    void hashesAreThoseRos2Computes() {
        assertThat(MessageCodecs.of(Odometry.class).typeHash())
                .isEqualTo("RIHS01_3cc97dc7fb7502f8714462c526d369e35b603cfc34d946e3f2eda2766dfec6e0");
        assertThat(MessageCodecs.of(TFMessage.class).typeHash())
                .isEqualTo("RIHS01_e369d0f05a23ae52508854b66f6aa0437f3449d652e8cbf22d5abe85d020f087");
    }

    @Test
    void everyCodecHasOneAndTheyDiffer() {
        assertThat(MessageCodecs.all()).allSatisfy(c -> assertThat(c.typeHash()).matches("RIHS01_[0-9a-f]{64}"));
        assertThat(MessageCodecs.all().stream().map(MessageCodec::typeHash).distinct().count())
                .isEqualTo(MessageCodecs.all().size());
    }
}
