package org.gpuvo.ros.replay;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a replay skipped and why: messages that cannot be decoded (per topic), images without a partner of the
 * pair, stamps that do not increase (a bag recorded in a loop), images of another size than the camera's, changes
 * of the calibration, damaged bag files. The first case of each kind is logged as a warning with the place; the
 * rest are counted.
 */
public final class ReplayCounters {
    private static final Logger LOG = LoggerFactory.getLogger(ReplayCounters.class);

    private final Map<String, Long> malformed = new TreeMap<>();
    private final Map<String, Long> malformedOther = new TreeMap<>();
    private final Map<String, String> firstProblem = new LinkedHashMap<>();
    private final List<String> damage = new ArrayList<>();
    long imageMessages, unpaired, stampsNotIncreasing, wrongSize, cameraInfoChanges, groundTruthRejected;
    /** Image messages the bag holds that damage kept from being read; -1 where the bag's counts are unknown. */
    long lostToDamage;

    /** An image message that could not be used: counted, and the first per topic logged. */
    void malformed(String topic, String where, String problem) {
        malformed.merge(topic, 1L, Long::sum);
        warnMalformed(topic, where, problem);
    }

    /** A camera_info or ground-truth message that could not be used: counted apart from the images. */
    void malformedOther(String topic, String where, String problem) {
        malformedOther.merge(topic, 1L, Long::sum);
        warnMalformed(topic, where, problem);
    }

    private void warnMalformed(String topic, String where, String problem) {
        warnFirst("malformed " + topic, topic + ": skipped a message that cannot be used (" + where + "): " + problem
                + " (further ones are counted, not logged)");
    }

    /** A bag file that could not be read to its end. */
    void damaged(String problem) {
        damage.add(problem);
        LOG.warn("{}; the messages before the damage are used", problem);
    }

    void warnFirst(String kind, String message) {
        if (firstProblem.putIfAbsent(kind, message) == null)
            LOG.warn(message);
    }

    /** Skipped messages per topic. */
    public Map<String, Long> malformedByTopic() {
        return Map.copyOf(malformed);
    }

    public long malformed() {
        return malformed.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Image messages of the topics replayed: those read, and those lost to damage where their count is known. */
    public long imageMessages() {
        return imageMessages + Math.max(0, lostToDamage);
    }

    /** Image messages the bag holds that damage kept from being read; -1 where the bag's counts are unknown. */
    public long lostToDamage() {
        return lostToDamage;
    }

    /** camera_info and ground-truth messages that could not be used, per topic. */
    public Map<String, Long> malformedOtherByTopic() {
        return Map.copyOf(malformedOther);
    }

    /** Images without a partner within the synchronisation tolerance (stereo, RGB-D). */
    public long unpaired() {
        return unpaired;
    }

    /** Frames dropped because their stamp was not after the previous frame's. */
    public long stampsNotIncreasing() {
        return stampsNotIncreasing;
    }

    /** Images whose size differs from the camera_info's. */
    public long wrongSize() {
        return wrongSize;
    }

    /** camera_info messages that differ from the first one (the first is used). */
    public long cameraInfoChanges() {
        return cameraInfoChanges;
    }

    /** Ground-truth messages not used (not a pose, or not after the previous one). */
    public long groundTruthRejected() {
        return groundTruthRejected;
    }

    /** One line per damaged file: where and what. */
    public List<String> damage() {
        return List.copyOf(damage);
    }

    /** Everything skipped, as one number. */
    public long skipped() {
        return malformed() + unpaired + stampsNotIncreasing + wrongSize + Math.max(0, lostToDamage);
    }

    /** The counts for a report (JSON): only the kinds that happened, plus the image count. */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("image_messages", imageMessages());
        m.put("malformed", malformed());
        if (!malformed.isEmpty())
            m.put("malformed_by_topic", new TreeMap<>(malformed));
        m.put("unpaired", unpaired);
        m.put("stamps_not_increasing", stampsNotIncreasing);
        m.put("wrong_size", wrongSize);
        m.put("camera_info_changes", cameraInfoChanges);
        m.put("ground_truth_rejected", groundTruthRejected);
        if (!malformedOther.isEmpty())
            m.put("malformed_other_by_topic", new TreeMap<>(malformedOther));
        m.put("lost_to_damage", lostToDamage);
        m.put("damaged_files", damage);
        return m;
    }
}
