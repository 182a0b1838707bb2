package org.gpuvo.ros.replay;

import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.bag.TopicInfo;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.CompressedImage;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.NavPath;
import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.msg.PoseStamped;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Which topics of a bag a replay reads: the image topic (mono), the left and right ones (stereo) or the colour and
 * depth ones (RGB-D), their camera_info topics, and the ground truth. What the user names is checked against the
 * bag; what they leave out is found by ROS's naming conventions (image_transport's {@code camera_info} beside the
 * image, {@code left}/{@code right} or {@code cam0}/{@code cam1}, {@code depth}), or is an error that lists the
 * bag's image topics.
 */
public final class ReplayTopics {
    /** The topic the ground truth is looked for on when none is named. */
    public static final String DEFAULT_GROUND_TRUTH = "/ground_truth";

    public final VoMode mode;
    /** mono, left or colour images */
    public final String image;
    /** right images (stereo) or depth images (RGB-D); null in mono */
    public final String second;
    /** camera_info of {@link #image}; for stereo also of {@link #second} ({@link #secondCameraInfo}) */
    public final String cameraInfo, secondCameraInfo;
    /** ground truth (nav_msgs/Odometry or geometry_msgs/PoseStamped of the camera), or null */
    public final String groundTruth;
    /** whether the images are rectified (a topic named image_rect...): their camera is then P's */
    public final boolean rectified;
    private final Map<String, TopicInfo> byName;

    private ReplayTopics(VoMode mode, String image, String second, String cameraInfo, String secondCameraInfo,
                         String groundTruth, Map<String, TopicInfo> byName) {
        this.mode = mode;
        this.image = image;
        this.second = second;
        this.cameraInfo = cameraInfo;
        this.secondCameraInfo = secondCameraInfo;
        this.groundTruth = groundTruth;
        this.rectified = image.toLowerCase(Locale.ROOT).contains("rect");
        this.byName = byName;
    }

    /**
     * Chooses the topics.
     *
     * @param mode        the mode asked for, or null to choose from the topics
     * @param imageTopics the image topics named (none, one, or two: left and right, or colour and depth)
     * @param cameraInfo  the camera_info topic named, or null to take the one beside the image topic
     * @param groundTruth the ground truth topic named, null for {@value #DEFAULT_GROUND_TRUTH} where the bag has it,
     *                    or "" for none
     * @throws IllegalArgumentException naming what is missing or wrong, and what the bag has
     */
    public static ReplayTopics choose(List<TopicInfo> topics, VoMode mode, List<String> imageTopics, String cameraInfo,
                                      String groundTruth) {
        Map<String, TopicInfo> byName = new LinkedHashMap<>();
        for (TopicInfo t : topics)
            byName.put(t.name(), t);
        List<String> images = topics.stream().filter(ReplayTopics::isImage).map(TopicInfo::name).toList();
        if (images.isEmpty())
            throw new IllegalArgumentException("the bag has no image topics (sensor_msgs/msg/Image or CompressedImage); "
                    + "its topics: " + describe(topics));
        for (String named : imageTopics)
            requireType(byName, named, "image", true);

        String image, second = null;
        VoMode chosen = mode;
        List<String> colour = images.stream().filter(n -> !isDepthName(n)).toList();
        List<String> depth = images.stream().filter(ReplayTopics::isDepthName).toList();
        if (imageTopics.size() > 2)
            throw new IllegalArgumentException("--image-topic takes one topic (mono) or two (stereo: left and right; "
                    + "rgbd: colour and depth), got " + imageTopics.size());
        if (imageTopics.size() == 2) {
            image = imageTopics.get(0);
            second = imageTopics.get(1);
            if (chosen == null)
                chosen = isDepthName(second) ? VoMode.RGBD : VoMode.STEREO;
            if (chosen == VoMode.MONO)
                second = null;
        } else if (imageTopics.size() == 1) {
            image = imageTopics.get(0);
            if (chosen == null)
                chosen = VoMode.MONO;
            if (chosen == VoMode.STEREO)
                second = partner(image, images);
            else if (chosen == VoMode.RGBD)
                second = single(depth, "depth image", images);
        } else {
            String[] pair = stereoPair(colour);
            if (chosen == null)
                chosen = pair != null ? VoMode.STEREO : colour.size() == 1 && depth.size() == 1 ? VoMode.RGBD : VoMode.MONO;
            switch (chosen) {
                case STEREO -> {
                    if (pair == null)
                        throw new IllegalArgumentException("no left/right pair among the image topics " + images
                                + ": name them with --image-topic LEFT --image-topic RIGHT");
                    image = pair[0];
                    second = pair[1];
                }
                case RGBD -> {
                    image = single(colour, "colour image", images);
                    second = single(depth, "depth image", images);
                }
                default -> image = pair != null ? pair[0] : single(colour, "image", images);
            }
        }
        String info = cameraInfo != null ? requireType(byName, cameraInfo, "camera_info", false)
                : besideOrOnly(image, byName);
        String secondInfo = chosen == VoMode.STEREO ? besideOrOnly(second, byName) : null;
        if (chosen == VoMode.STEREO && secondInfo.equals(info))
            throw new IllegalArgumentException("left and right images share the camera_info topic " + info
                    + ": a stereo pair needs one per camera");

        String truth = null;
        if (groundTruth == null) {
            TopicInfo t = byName.get(DEFAULT_GROUND_TRUTH);
            truth = t != null && isPose(t) ? DEFAULT_GROUND_TRUTH : null;
        } else if (!groundTruth.isEmpty()) {
            TopicInfo t = byName.get(groundTruth);
            if (t == null)
                throw new IllegalArgumentException("ground truth topic " + groundTruth + " is not in the bag; its topics: "
                        + describe(topics));
            if (!isPose(t))
                throw new IllegalArgumentException("ground truth topic " + groundTruth + " is " + t.type() + "; it must be "
                        + Odometry.TYPE + " or " + PoseStamped.TYPE);
            truth = groundTruth;
        }
        return new ReplayTopics(chosen, image, second, info, secondInfo, truth, byName);
    }

    /** The type of a topic of the bag. */
    public String type(String topic) {
        return byName.get(topic).type();
    }

    /** The image topics to stream: the first and, for stereo and RGB-D, the second. */
    public List<String> imageTopics() {
        return second == null ? List.of(image) : List.of(image, second);
    }

    @Override
    public String toString() {
        return mode.name().toLowerCase(Locale.ROOT) + ": images " + imageTopics() + ", camera_info " + cameraInfo
                + (secondCameraInfo != null ? " and " + secondCameraInfo : "")
                + (groundTruth != null ? ", ground truth " + groundTruth : "");
    }

    static boolean isImage(TopicInfo t) {
        String type = normalised(t.type());
        return type.equals(Image.TYPE) || type.equals(CompressedImage.TYPE);
    }

    private static boolean isPose(TopicInfo t) {
        String type = normalised(t.type());
        return type.equals(Odometry.TYPE) || type.equals(PoseStamped.TYPE);
    }

    /** "sensor_msgs/Image" (ROS 1 style, some converters write it) as "sensor_msgs/msg/Image". */
    static String normalised(String type) {
        int slash = type.indexOf('/');
        return slash > 0 && type.indexOf('/', slash + 1) < 0 ? type.substring(0, slash) + "/msg" + type.substring(slash) : type;
    }

    private static boolean isDepthName(String topic) {
        return topic.toLowerCase(Locale.ROOT).contains("depth");
    }

    private static String requireType(Map<String, TopicInfo> byName, String topic, String what, boolean image) {
        TopicInfo t = byName.get(topic);
        if (t == null)
            throw new IllegalArgumentException(what + " topic " + topic + " is not in the bag; its topics: "
                    + describe(byName.values()));
        boolean ok = image ? isImage(t) : normalised(t.type()).equals(CameraInfo.TYPE);
        if (!ok)
            throw new IllegalArgumentException(what + " topic " + topic + " is " + t.type() + ", not "
                    + (image ? Image.TYPE + " or " + CompressedImage.TYPE : CameraInfo.TYPE));
        return topic;
    }

    /** The left and right topics among {@code images} (left/right or cam0/cam1 in otherwise equal names), or null. */
    private static String[] stereoPair(List<String> images) {
        for (String left : images) {
            String right = rightOf(left, images);
            if (right != null)
                return new String[]{left, right};
        }
        return null;
    }

    /** The topic of {@code images} named as {@code left} with "left" turned "right" (or "cam0" "cam1"), or null. */
    private static String rightOf(String left, List<String> images) {
        for (String[] names : new String[][]{{"left", "right"}, {"cam0", "cam1"}}) {
            int at = left.toLowerCase(Locale.ROOT).lastIndexOf(names[0]);
            if (at < 0)
                continue;
            String right = left.substring(0, at) + names[1] + left.substring(at + names[0].length());
            for (String candidate : images)
                if (candidate.equalsIgnoreCase(right))
                    return candidate;
        }
        return null;
    }

    private static String partner(String left, List<String> images) {
        String right = rightOf(left, images);
        if (right == null)
            throw new IllegalArgumentException("no right image topic beside " + left + " among " + images
                    + ": name both with --image-topic LEFT --image-topic RIGHT");
        return right;
    }

    private static String single(List<String> candidates, String what, List<String> images) {
        if (candidates.size() == 1)
            return candidates.get(0);
        throw new IllegalArgumentException((candidates.isEmpty() ? "no " + what + " topic" : "several " + what
                + " topics " + candidates) + " among the image topics " + images + ": name it with --image-topic");
    }

    /** image_transport's convention: the camera_info topic beside the image (…/camera_info); else the bag's only one. */
    private static String besideOrOnly(String image, Map<String, TopicInfo> byName) {
        List<String> infos = byName.values().stream().filter(t -> normalised(t.type()).equals(CameraInfo.TYPE))
                .map(TopicInfo::name).collect(Collectors.toCollection(ArrayList::new));
        String base = image.endsWith("/compressed") ? image.substring(0, image.length() - "/compressed".length()) : image;
        int slash = base.lastIndexOf('/');
        String beside = (slash >= 0 ? base.substring(0, slash + 1) : "") + "camera_info";
        if (infos.contains(beside))
            return beside;
        if (infos.size() == 1)
            return infos.get(0);
        throw new IllegalArgumentException("no camera_info topic " + beside + " beside " + image
                + (infos.isEmpty() ? " and none in the bag" : "; the bag has " + infos + ": name it with --camera-info-topic"));
    }

    private static String describe(java.util.Collection<TopicInfo> topics) {
        return topics.stream().map(t -> t.name() + " (" + t.type() + ")").collect(Collectors.joining(", "));
    }
}
