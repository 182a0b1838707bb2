package org.gpuvo.app.bag;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.app.AbstractCommand;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.run.RunOptions;
import org.gpuvo.app.run.RunSummary;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.gpuvo.odometry.trajectory.TrajectoryReader;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.bag.Bags;
import org.gpuvo.ros.replay.BagPublisher;
import org.gpuvo.ros.replay.BagSequence;
import org.gpuvo.ros.replay.ConfigSync;
import org.gpuvo.ros.replay.ReplayCounters;
import org.gpuvo.ros.replay.ReplayTopics;
import org.gpuvo.ros.replay.ResultBagWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code gpuvo replay}: the visual odometry over a bag's camera topics, evaluated against its ground truth. */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs the visual odometry over a rosbag2 recording's camera topics as fast as it can (or at "
                + "--rate × real time) and writes into --out what gpuvo run writes: trajectory.tum, "
                + "trajectory_refined.tum, trajectory.kitti, frames.csv, mapping.csv, points.ply, and with ground "
                + "truth metrics.json and the plots. Local mapping runs at fixed points of the frames, repeatably, "
                + "unless --no-deterministic asks for the node's live mapping on a thread of its own.",
                "Topics are found by ROS's conventions where not named: one image topic is mono; a left/right "
                        + "(or cam0/cam1) pair is stereo; an image and a depth topic are RGB-D; the camera_info "
                        + "beside each image topic; the ground truth on /ground_truth (nav_msgs/Odometry or "
                        + "geometry_msgs/PoseStamped of the camera). Messages that cannot be used are counted and "
                        + "skipped; a damaged file is read up to the damage.",
                "With --publish it runs no pipeline: it plays the bag's camera topics (or --all-topics) and /clock "
                        + "onto the ROS 2 graph at --rate × real time (default 1), for a live gpuvo_node or any node "
                        + "with use_sim_time, and prints what it published per topic.",
                "BAG is a bag folder (with or without metadata.yaml) or a single .db3 or .mcap file."})
public final class ReplayCommand extends AbstractCommand {
    @Parameters(index = "0", paramLabel = "BAG", description = "The bag folder or file.")
    Path bagPath;

    @Option(names = "--image-topic", paramLabel = "TOPIC",
            description = "An image topic (sensor_msgs/Image or CompressedImage): once for mono, twice for stereo "
                    + "(left, right) or RGB-D (colour, depth).")
    List<String> imageTopics = new ArrayList<>();

    @Option(names = "--camera-info-topic", paramLabel = "TOPIC",
            description = "The camera_info of the (first) image topic (default: the one beside it).")
    String cameraInfoTopic;

    @Option(names = "--gt-topic", paramLabel = "TOPIC",
            description = "Ground truth topic: nav_msgs/Odometry or geometry_msgs/PoseStamped of the camera "
                    + "(default: /ground_truth where the bag has it).")
    String groundTruthTopic;

    @Option(names = "--gt", paramLabel = "FILE",
            description = "Ground truth from a trajectory file (TUM, KITTI or EuRoC) instead of a topic; its times "
                    + "must be the image stamps' clock.")
    Path groundTruthFile;

    @Option(names = "--sync-tolerance", paramLabel = "SECONDS", defaultValue = "0",
            description = "Stereo and RGB-D pairs: largest stamp difference of a pair (default 0: exact stamps).")
    double syncTolerance;

    @Option(names = "--rate", paramLabel = "R",
            description = "Serve frames at R × the recording's speed (default: as fast as possible; with --publish 1).")
    Double rate;

    @Option(names = "--write-bag", paramLabel = "OUT",
            description = "Also write a bag folder with the input's messages and the results (/gpuvo/odom, /tf, "
                    + "/gpuvo/path, /gpuvo/matches, /gpuvo/inliers), for Foxglove or RViz.")
    Path writeBag;

    @Mixin
    BagOutput bagOutput;

    @Mixin
    RunOptions run;

    @Mixin
    JsonOutput json;

    @Mixin
    ReplayPublish publish;

    @Override
    public Integer call() throws Exception {
        BagArgument.requireExists(bagPath, spec.commandLine());
        if (rate != null && !(rate > 0))
            throw usageError("--rate must be positive, got " + rate);
        publish.checkOptions(rate);
        if (publish.publish)
            return publish();
        if (groundTruthFile != null && groundTruthTopic != null)
            throw usageError("--gt and --gt-topic exclude each other");
        if (groundTruthFile != null && !Files.isRegularFile(groundTruthFile))
            throw usageError("--gt " + groundTruthFile + ": no such file");
        if (writeBag != null && Files.exists(writeBag))
            throw usageError("--write-bag " + writeBag + " exists: name a new folder");
        ConfigSync sync;
        try {
            sync = ConfigSync.approximate(syncTolerance);
        } catch (IllegalArgumentException e) {
            throw usageError("--sync-tolerance: " + e.getMessage());
        }
        Trajectory truthFromFile = groundTruthFile == null ? null : new TrajectoryReader().read(groundTruthFile);
        String name = BagArgument.name(bagPath);
        try (BagReader bag = Bags.open(bagPath)) {
            ReplayTopics topics = ReplayTopics.choose(bag.topics(), run.pipeline().mode, imageTopics, cameraInfoTopic,
                    groundTruthFile != null ? "" : groundTruthTopic);
            ReplayCounters counters = new ReplayCounters();
            try (BagSequence sequence = BagSequence.open(bag, name, topics, sync, truthFromFile,
                    rate == null ? 0 : rate, counters)) {
                RunSummary summary = run.execute(sequence, name, i -> i);
                long written = 0;
                if (writeBag != null)
                    written = writeResults(bag, sequence, summary);
                report(summary, topics, counters, sequence, written);
            }
        }
        return 0;
    }

    /** {@code --publish}: the camera topics chosen as for a replay, onto the ROS 2 graph. */
    private int publish() throws IOException {
        try (BagReader bag = Bags.open(bagPath)) {
            ReplayTopics topics = ReplayTopics.choose(bag.topics(), run.pipeline().mode, imageTopics, cameraInfoTopic,
                    "");
            return publish.run(bag, BagPublisher.cameraTopics(topics), topics.image, json,
                    run.pipeline().showProgress());
        }
    }

    private long writeResults(BagReader bag, BagSequence sequence, RunSummary summary) throws IOException {
        try {
            return bagOutput.write(writeBag, "replay",
                    output -> ResultBagWriter.write(bag, sequence, summary.run(), output));
        } catch (IOException e) {
            throw new IOException("writing the bag " + writeBag + " failed (the run's outputs are complete): "
                    + e.getMessage(), e);
        }
    }

    private void report(RunSummary summary, ReplayTopics topics, ReplayCounters counters, BagSequence sequence,
                        long written) throws IOException {
        PrintWriter text = json.text();
        text.print("gpuvo replay: ");
        summary.print(text);
        text.printf(Locale.ROOT, "topics     %s%n", topics);
        text.printf(Locale.ROOT, "skipped    %d of %d image messages (malformed %d, unpaired %d, stamps not "
                        + "increasing %d, wrong size %d, lost to damage %s)%s%n", counters.skipped(),
                counters.imageMessages(),
                counters.malformed(), counters.unpaired(), counters.stampsNotIncreasing(), counters.wrongSize(),
                counters.lostToDamage() < 0 ? "unknown" : Long.toString(counters.lostToDamage()),
                counters.damage().isEmpty() ? "" : "; damaged: " + String.join("; ", counters.damage()));
        if (!counters.malformedOtherByTopic().isEmpty())
            text.printf(Locale.ROOT, "unusable   %s (camera_info and ground-truth messages left out)%n",
                    counters.malformedOtherByTopic());
        int frames = summary.run().frames().size();
        text.printf(Locale.ROOT, "reading    index %.2f s, frames %.2f s (%.2f ms a frame, %.0f frames/s)%n",
                sequence.indexSeconds(), sequence.readSeconds(), 1e3 * sequence.readSeconds() / frames,
                frames / sequence.readSeconds());
        if (writeBag != null)
            text.printf("bag        %s (%d result messages beside the input's)%n", writeBag, written);
        text.flush();
        ObjectNode root = summary.json();
        root.put("bag", bagPath.toString());
        ObjectNode replay = root.putObject("replay");
        replay.put("topics", topics.toString());
        replay.putPOJO("counts", counters.asMap());
        replay.put("index_s", sequence.indexSeconds());
        replay.put("read_s", sequence.readSeconds());
        if (writeBag != null)
            replay.put("write_bag", writeBag.toString());
        json.write(root);
    }
}
