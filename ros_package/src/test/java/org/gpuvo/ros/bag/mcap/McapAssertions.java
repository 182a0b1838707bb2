package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagMessage;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Comparisons of message lists by content (BagMessage holds arrays, which records compare by identity). */
final class McapAssertions {
    private McapAssertions() {
    }

    /** Same topics, times and bytes, in the same order. */
    static void assertSameMessages(List<BagMessage> actual, List<BagMessage> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            BagMessage a = actual.get(i);
            BagMessage e = expected.get(i);
            assertThat(a.topic().name()).as("topic of message %d", i).isEqualTo(e.topic().name());
            assertThat(a.timeNs()).as("time of message %d", i).isEqualTo(e.timeNs());
            assertThat(a.data()).as("data of message %d", i).isEqualTo(e.data());
        }
    }

    /** One message's content as text, for comparisons that ignore order. */
    static String describe(BagMessage m) {
        return m.topic().name() + "@" + m.timeNs() + ":" + java.util.Arrays.hashCode(m.data()) + "/" + m.data().length;
    }
}
