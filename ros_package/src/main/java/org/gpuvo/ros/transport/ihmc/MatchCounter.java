package org.gpuvo.ros.transport.ihmc;

import us.ihmc.pubsub.common.MatchingInfo;
import us.ihmc.pubsub.publisher.Publisher;
import us.ihmc.pubsub.publisher.PublisherListener;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Counts the readers matched to one writer from Fast DDS's matched and unmatched events, and keeps how many of them
 * each remote participant has (by GUID prefix).
 */
final class MatchCounter implements PublisherListener {
    /** RTPS: a GUID's first 12 bytes are its participant's prefix. */
    private static final int PREFIX_BYTES = 12;

    private final Map<String, Integer> byParticipant = new HashMap<>();
    /** when each participant's first matched reader matched ({@link System#nanoTime()}) */
    private final Map<String, Long> matchedSince = new HashMap<>();
    private volatile Consumer<byte[]> onMatched = guid -> { };
    private int matched;

    /** Tells {@code listener} the GUID of each reader matched from now on (on Fast DDS's thread). */
    void onMatched(Consumer<byte[]> listener) {
        this.onMatched = listener;
    }

    @Override
    public void onPublicationMatched(Publisher publisher, MatchingInfo info) {
        byte[] reader = DdsNames.gid(info.getGuid());
        boolean added = info.getStatus() == MatchingInfo.MatchingStatus.MATCHED_MATCHING;
        synchronized (this) {
            String participant = prefix(reader);
            if (added) {
                matched++;
                byParticipant.merge(participant, 1, Integer::sum);
                matchedSince.putIfAbsent(participant, System.nanoTime());
            } else if (info.getStatus() == MatchingInfo.MatchingStatus.REMOVED_MATCHING) {
                matched = Math.max(0, matched - 1);
                if (byParticipant.computeIfPresent(participant, (k, n) -> n > 1 ? n - 1 : null) == null)
                    matchedSince.remove(participant);
            }
        }
        if (added)
            onMatched.accept(reader);
    }

    synchronized int matched() {
        return matched;
    }

    /**
     * Since when ({@link System#nanoTime()}) a reader of the participant of {@code endpoint} (a GUID) has been
     * matched; empty where none is.
     */
    synchronized OptionalLong participantMatchedSince(byte[] endpoint) {
        Long since = matchedSince.get(prefix(endpoint));
        return since == null ? OptionalLong.empty() : OptionalLong.of(since);
    }

    /** Whether two GUIDs are of one participant. */
    static boolean sameParticipant(byte[] a, byte[] b) {
        return prefix(a).equals(prefix(b));
    }

    private static String prefix(byte[] guid) {
        return Arrays.toString(Arrays.copyOf(guid, PREFIX_BYTES));
    }
}
