package org.gpuvo.ros.transport.ihmc;

import us.ihmc.pubsub.common.MatchingInfo;
import us.ihmc.pubsub.publisher.Publisher;
import us.ihmc.pubsub.publisher.PublisherListener;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Counts the readers matched to one writer from Fast DDS's matched and unmatched events, and keeps how many of them
 * each remote participant has (by GUID prefix).
 */
final class MatchCounter implements PublisherListener {
    /** RTPS: a GUID's first 12 bytes are its participant's prefix. */
    private static final int PREFIX_BYTES = 12;

    private final Map<String, Integer> byParticipant = new HashMap<>();
    private int matched;

    @Override
    public synchronized void onPublicationMatched(Publisher publisher, MatchingInfo info) {
        String participant = prefix(DdsNames.gid(info.getGuid()));
        if (info.getStatus() == MatchingInfo.MatchingStatus.MATCHED_MATCHING) {
            matched++;
            byParticipant.merge(participant, 1, Integer::sum);
        } else if (info.getStatus() == MatchingInfo.MatchingStatus.REMOVED_MATCHING) {
            matched = Math.max(0, matched - 1);
            byParticipant.computeIfPresent(participant, (k, n) -> n > 1 ? n - 1 : null);
        }
        notifyAll();
    }

    synchronized int matched() {
        return matched;
    }

    /** Waits until a reader of the participant of {@code endpoint} (a GUID) is matched; false after the time. */
    synchronized boolean awaitParticipant(byte[] endpoint, long millis) throws InterruptedException {
        String participant = prefix(endpoint);
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (!byParticipant.containsKey(participant)) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0)
                return false;
            wait(left);
        }
        return true;
    }

    private static String prefix(byte[] guid) {
        return Arrays.toString(Arrays.copyOf(guid, PREFIX_BYTES));
    }
}
