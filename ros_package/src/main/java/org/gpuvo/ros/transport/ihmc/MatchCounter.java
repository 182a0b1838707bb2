package org.gpuvo.ros.transport.ihmc;

import us.ihmc.pubsub.common.MatchingInfo;
import us.ihmc.pubsub.publisher.Publisher;
import us.ihmc.pubsub.publisher.PublisherListener;

import java.util.concurrent.atomic.AtomicInteger;

/** Counts the readers matched to one writer from Fast DDS's matched and unmatched events. */
final class MatchCounter implements PublisherListener {
    private final AtomicInteger matched = new AtomicInteger();

    @Override
    public void onPublicationMatched(Publisher publisher, MatchingInfo info) {
        if (info.getStatus() == MatchingInfo.MatchingStatus.MATCHED_MATCHING)
            matched.incrementAndGet();
        else if (info.getStatus() == MatchingInfo.MatchingStatus.REMOVED_MATCHING)
            matched.updateAndGet(n -> Math.max(0, n - 1));
    }

    int matched() {
        return matched.get();
    }
}
