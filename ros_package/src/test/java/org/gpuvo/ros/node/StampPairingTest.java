package org.gpuvo.ros.node;

import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Time;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class StampPairingTest {
    private final List<InputImage> unpaired = new ArrayList<>();

    private static InputImage image(String topic, long stampMillis) {
        return new InputImage(topic, new Header(Time.ofNanos(stampMillis * 1_000_000), "c"), null, null, 0);
    }

    private static long millis(InputImage image) {
        return image.stampNanos() / 1_000_000;
    }

    @Test
    void exactPairingTakesEqualStampsInEitherOrder() {
        StampPairing pairing = new StampPairing(0, 4, unpaired::add);
        assertThat(pairing.offerFirst(image("/l", 100))).isNull();
        InputFrame a = pairing.offerSecond(image("/r", 100));
        assertThat(a.first().topic()).isEqualTo("/l");
        assertThat(a.second().topic()).isEqualTo("/r");
        assertThat(pairing.offerSecond(image("/r", 200))).isNull();
        InputFrame b = pairing.offerFirst(image("/l", 200));
        assertThat(millis(b.first())).isEqualTo(200);
        assertThat(b.first().topic()).isEqualTo("/l");
        // 1 ms apart is no pair for exact pairing
        assertThat(pairing.offerFirst(image("/l", 300))).isNull();
        assertThat(pairing.offerSecond(image("/r", 301))).isNull();
        assertThat(unpaired).isEmpty();
    }

    @Test
    void approximatePairingTakesTheNearestWithinTheTolerance() {
        StampPairing pairing = new StampPairing(5_000_000, 4, unpaired::add);
        pairing.offerSecond(image("/r", 96));
        pairing.offerSecond(image("/r", 102));
        pairing.offerSecond(image("/r", 110));
        InputFrame frame = pairing.offerFirst(image("/l", 100));
        assertThat(millis(frame.second())).isEqualTo(102);
        // the right image of 96 ms is older than the pair: it will never pair and is reported
        assertThat(unpaired).extracting(StampPairingTest::millis).containsExactly(96L);
        assertThat(pairing.offerFirst(image("/l", 116))).isNull(); // 6 ms from 110: beyond 5 ms
        assertThat(millis(pairing.offerFirst(image("/l", 107)).second())).isEqualTo(110);
    }

    @Test
    void waitingImagesAreBoundedAndTheOldestReported() {
        StampPairing pairing = new StampPairing(0, 3, unpaired::add);
        for (int i = 0; i < 5; i++)
            assertThat(pairing.offerFirst(image("/l", 10L * i))).isNull();
        assertThat(unpaired).extracting(StampPairingTest::millis).containsExactly(0L, 10L);
        // what waits is still paired
        assertThat(millis(pairing.offerSecond(image("/r", 40)).first())).isEqualTo(40);
        assertThat(unpaired).extracting(StampPairingTest::millis).containsExactly(0L, 10L, 20L, 30L);
    }
}
