package org.gpuvo.ros.bag;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The merge of a bag's files over in-memory fakes: order, damage placed by time, and going on past it. */
class BagMergeTest {
    /** Times read until the first exception; null marks where it was thrown, then the rest after going on. */
    private static List<Long> readThroughDamage(MessageCursor cursor, int maxErrors) throws IOException {
        List<Long> out = new ArrayList<>();
        int errors = 0;
        while (true) {
            try {
                BagMessage m = cursor.next();
                if (m == null)
                    return out;
                out.add(m.timeNs());
            } catch (BagFormatException e) {
                out.add(null);
                if (++errors > maxErrors)
                    throw new AssertionError("more errors than expected", e);
            }
        }
    }

    private static BagReader bag(BagFileReader... files) throws BagFormatException {
        return new BagReader(java.nio.file.Path.of("fake_bag"), null, List.of(files));
    }

    @Test
    void filesMergeByTimeWithTiesInFileOrder() throws Exception {
        try (BagReader bag = bag(new FakeBagFileReader("a_0.fake", "/x", 1, 3, 3, 7),
                new FakeBagFileReader("a_1.fake", "/x", 0, 3, 8))) {
            List<BagMessage> all = Cursors.drain(bag.messages(null));
            assertThat(all).extracting(m -> m.file() + "@" + m.timeNs()).containsExactly("a_1.fake@0", "a_0.fake@1",
                    "a_0.fake@3", "a_0.fake@3", "a_1.fake@3", "a_0.fake@7", "a_1.fake@8");
            assertThat(bag.messageCounts()).containsExactly(Map.entry("/x", 7L));
            assertThat(bag.timeRange()).contains(new TimeRange(0, 8));
        }
    }

    /**
     * A file damaged after its message at 30: every message of the other file before 30 comes first, then the
     * damage, then (going on) the rest.
     */
    @Test
    void damageMidwayComesAfterTheEarlierMessagesOfOtherFiles() throws Exception {
        try (BagReader bag = bag(new FakeBagFileReader("a.fake", "/a", 10, 20, 30, 40).damagedAfter(3, false),
                new FakeBagFileReader("b.fake", "/b", 5, 15, 25, 35, 45))) {
            try (MessageCursor c = bag.messages(null)) {
                List<Long> before = new ArrayList<>();
                BagFormatException damage = null;
                while (damage == null) {
                    try {
                        before.add(c.next().timeNs());
                    } catch (BagFormatException e) {
                        damage = e;
                    }
                }
                assertThat(before).containsExactly(5L, 10L, 15L, 20L, 25L, 30L);
                assertThat(damage.file().toString()).isEqualTo("a.fake");
                assertThat(damage.offset()).isEqualTo(1234);
                // going on: the damaged file has ended, the other goes on
                assertThat(Cursors.drain(c)).extracting(BagMessage::timeNs).containsExactly(35L, 45L);
            }
            BagDamageLog log = new BagDamageLog();
            assertThat(Cursors.drain(bag.messages(null, log))).extracting(BagMessage::timeNs)
                    .containsExactly(5L, 10L, 15L, 20L, 25L, 30L, 35L, 45L);
            assertThat(log.count()).isEqualTo(1);
            assertThat(log.first()).singleElement().extracting(e -> e.file().toString()).isEqualTo("a.fake");
        }
    }

    /**
     * A later split file that cannot be read at all: the earlier file's messages all come (they precede its start
     * time), then the damage. Where the start time is unknown, the damage comes first.
     */
    @Test
    void aFileDamagedAtOpeningWaitsForItsStartTime() throws Exception {
        try (BagReader bag = bag(new FakeBagFileReader("bag_0.fake", "/x", 1, 2, 3),
                new FakeBagFileReader("bag_1.fake", "/x", 100, 101).failingAtOpen(100L))) {
            assertThat(readThroughDamage(bag.messages(null), 1)).containsExactly(1L, 2L, 3L, null);
        }
        try (BagReader bag = bag(new FakeBagFileReader("bag_0.fake", "/x", 1, 2, 3),
                new FakeBagFileReader("bag_1.fake", "/x", 100, 101).failingAtOpen(null))) {
            assertThat(readThroughDamage(bag.messages(null), 1)).containsExactly(null, 1L, 2L, 3L);
        }
        // opened, but its first message is damaged: placed at the start time its index states
        try (BagReader bag = bag(new FakeBagFileReader("bag_0.fake", "/x", 1, 2, 3),
                new FakeBagFileReader("bag_1.fake", "/x", 100, 101).damagedAfter(0, false))) {
            assertThat(readThroughDamage(bag.messages(null), 1)).containsExactly(1L, 2L, 3L, null);
        }
    }

    /** A cursor that fails at every call is dropped after its second failure: no endless loop, the rest comes. */
    @Test
    void aFileThatFailsAgainAndAgainIsDropped() throws Exception {
        try (BagReader bag = bag(new FakeBagFileReader("a.fake", "/a", 1, 2, 3).damagedAfter(1, true),
                new FakeBagFileReader("b.fake", "/b", 0, 5, 6))) {
            // failing again at the same place is the same damage: reported once, then the file is dropped
            assertThat(readThroughDamage(bag.messages(null), 1)).containsExactly(0L, 1L, null, 5L, 6L);
            BagDamageLog log = new BagDamageLog();
            assertThat(Cursors.drain(bag.messages(null, log))).extracting(BagMessage::timeNs)
                    .containsExactly(0L, 1L, 5L, 6L);
            assertThat(log.count()).isEqualTo(1);
        }
    }

    @Test
    void aTopicWithTwoTypesIsAnErrorNamingBothFiles() {
        assertThatThrownBy(() -> bag(new FakeBagFileReader("a.fake", TopicInfo.of("/x", "pkg/msg/A"), 1),
                new FakeBagFileReader("b.fake", TopicInfo.of("/x", "pkg/msg/B"), 2)))
                .isInstanceOf(BagFormatException.class)
                .hasMessageContaining("topic /x has type pkg/msg/B here but pkg/msg/A in a.fake")
                .hasMessageContaining("b.fake");
    }

    @Test
    void aTopicFilterReachesEveryFile() throws Exception {
        try (BagReader bag = bag(new FakeBagFileReader("a.fake", "/a", 1, 4),
                new FakeBagFileReader("b.fake", "/b", 2, 3))) {
            assertThat(Cursors.drain(bag.messages(java.util.Set.of("/b")))).extracting(BagMessage::timeNs)
                    .containsExactly(2L, 3L);
            assertThat(bag.topics()).extracting(TopicInfo::name).containsExactly("/a", "/b");
        }
    }
}
