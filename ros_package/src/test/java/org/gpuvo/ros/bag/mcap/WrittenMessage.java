package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagMessage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/** A message as a test wrote it, and the orders a reader must give such messages back in. */
record WrittenMessage(String topic, long timeNs, byte[] data) {
    /** CDR-like bytes: the little-endian encapsulation header, then {@code size - 4} seeded random bytes. */
    static byte[] payload(Random random, int size) {
        byte[] b = new byte[size];
        random.nextBytes(b);
        b[0] = 0;
        b[1] = 1;
        b[2] = 0;
        b[3] = 0;
        return b;
    }

    /** Sorted by time, stably: equal times keep the order written. */
    static List<WrittenMessage> byTime(List<WrittenMessage> written) {
        List<WrittenMessage> sorted = new ArrayList<>(written);
        sorted.sort(Comparator.comparingLong(WrittenMessage::timeNs));
        return sorted;
    }

    /** As {@link BagMessage}s (for comparison by content). */
    static List<BagMessage> asBagMessages(List<WrittenMessage> written) {
        List<BagMessage> out = new ArrayList<>();
        for (WrittenMessage w : written)
            out.add(new BagMessage(org.gpuvo.ros.bag.TopicInfo.of(w.topic, "t"), w.timeNs, w.data, null, -1));
        return out;
    }
}
