package org.gpuvo.tests.dds;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Latency from a message's publication to its receipt, matched by header stamp, both read on the machine's monotonic
 * clock (the peers print CLOCK_MONOTONIC, which is also Java's System.nanoTime on Linux). Percentiles are nearest
 * rank over the received ones.
 *
 * @param sent     messages published
 * @param received of those, the ones received (a stamp received that was never sent is not counted)
 */
public record LatencySummary(int sent, int received, long medianNs, long p90Ns, long p99Ns, long maxNs) {
    /**
     * @param sentAt     publication time by stamp
     * @param receivedAt first receipt time by stamp
     */
    /** From the camera's image write to the consumer's receipt of the odometry with that stamp. */
    public static LatencySummary imageToOdometry(PeerOutput camera, PeerOutput consumer) {
        return of(sentAt(camera.published()), odometryReceivedAt(consumer));
    }

    /** Stamp → monotonic time of the consumer's first odometry with that stamp. */
    static Map<Long, Long> odometryReceivedAt(PeerOutput consumer) {
        return consumer.odometry().stream().collect(Collectors.toMap(PeerOutput.ReceivedPose::stampNs,
                PeerOutput.ReceivedPose::monotonicNs, (first, later) -> first));
    }

    /** Stamp → monotonic time of the first line with that stamp. */
    static Map<Long, Long> sentAt(List<PeerOutput.Sent> sent) {
        return sent.stream().collect(Collectors.toMap(PeerOutput.Sent::stampNs, PeerOutput.Sent::monotonicNs,
                (first, later) -> first));
    }

    public static LatencySummary of(Map<Long, Long> sentAt, Map<Long, Long> receivedAt) {
        long[] latencies = sentAt.entrySet().stream().filter(e -> receivedAt.containsKey(e.getKey()))
                .mapToLong(e -> receivedAt.get(e.getKey()) - e.getValue()).sorted().toArray();
        if (latencies.length == 0)
            return new LatencySummary(sentAt.size(), 0, -1, -1, -1, -1);
        return new LatencySummary(sentAt.size(), latencies.length, rank(latencies, 0.5), rank(latencies, 0.9),
                rank(latencies, 0.99), latencies[latencies.length - 1]);
    }

    /** Nearest rank: the smallest value with at least {@code q} of the values at or below it. */
    static long rank(long[] sorted, double q) {
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    @Override
    public String toString() {
        if (received == 0)
            return String.format("0 of %d received", sent);
        return String.format("%d of %d received, latency median %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms",
                received, sent, medianNs / 1e6, p90Ns / 1e6, p99Ns / 1e6, maxNs / 1e6);
    }
}
