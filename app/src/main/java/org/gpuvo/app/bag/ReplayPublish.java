package org.gpuvo.app.bag;

import com.fasterxml.jackson.databind.node.ObjectNode;
import me.tongfei.progressbar.ProgressBar;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.run.RunProgress;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.node.transport.Transport;
import org.gpuvo.ros.replay.BagPublisher;
import org.gpuvo.ros.transport.ihmc.FastDdsUnavailableException;
import org.gpuvo.ros.transport.ihmc.IhmcTransport;
import org.gpuvo.ros.transport.SecurityRequest;
import org.gpuvo.ros.transport.ihmc.IhmcTransportConfig;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The {@code --publish} half of {@code gpuvo replay}: its options, and the run that plays a bag's camera topics and
 * {@code /clock} onto the ROS 2 graph through Fast DDS ({@link BagPublisher}) instead of running the pipeline.
 */
final class ReplayPublish {
    /** The replay options that only the pipeline reads: refused with --publish. */
    private static final List<String> PIPELINE_ONLY = List.of("--out", "--write-bag", "--storage", "--gt", "--gt-topic",
            "--sync-tolerance", "--backend", "--align", "--features", "--max-features", "--sift-first-octave",
            "--sift-contrast-threshold", "--sift-edge-threshold", "--root-sift", "--sift-adaptive-threshold",
            "--no-sift-adaptive-threshold", "--local-map-keyframes", "--mapping-lag", "--seed", "--ply",
            "--deterministic", "--no-deterministic");
    /** The options below, besides --publish: refused without it. */
    private static final List<String> PUBLISH_ONLY = List.of("--all-topics", "--wait-subscribers", "--wait-timeout",
            "--delay", "--clock-hz", "--domain-id", "--localhost-only");
    private static final String PARTICIPANT = "gpuvo_replay";
    /** How long a Ctrl-C waits for the summary to be printed before the JVM goes. */
    private static final long SUMMARY_WAIT_MS = 2000;

    @Option(names = "--publish",
            description = "Instead of running the pipeline, publish the bag's camera topics (the image topics and "
                    + "their camera_info, chosen as for a replay) and /clock (the bag time, for nodes with "
                    + "use_sim_time) to the ROS 2 graph through Fast DDS, at --rate × real time (default 1), as "
                    + "'ros2 bag play --clock' does. Images and camera infos go out best effort (sensor-data QoS, "
                    + "as from a camera driver), /clock with rclcpp's ClockQoS; each message unchanged.")
    boolean publish;

    @Option(names = "--all-topics",
            description = "With --publish: every topic of the bag (except a recorded /clock), not only the camera's; "
                    + "/tf_static transient local, others reliable.")
    boolean allTopics;

    @Option(names = "--wait-subscribers", paramLabel = "N", defaultValue = "0",
            description = "With --publish: wait until the (first) image topic has N matched subscriptions before "
                    + "the first message (default 0: start at once).")
    int waitSubscribers;

    @Option(names = "--wait-timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "With --wait-subscribers: give up, with an error, after SECONDS (default 30).")
    double waitTimeout;

    @Option(names = "--delay", paramLabel = "SECONDS", defaultValue = "0",
            description = "With --publish: wait SECONDS after advertising, before the first message (discovery).")
    double delay;

    @Option(names = "--clock-hz", paramLabel = "HZ", defaultValue = "" + BagPublisher.DEFAULT_CLOCK_HZ,
            description = "With --publish: /clock ticks a second between messages (default 40, as ros2 bag play "
                    + "--clock; 0 for a tick only before each message, which there always is).")
    double clockHz;

    @Option(names = "--domain-id", paramLabel = "ID",
            description = "With --publish: the DDS domain (default: ROS_DOMAIN_ID, else 0).")
    Integer domainId;

    @Option(names = "--localhost-only", negatable = true,
            description = "With --publish: keep the traffic on 127.0.0.1 (default: as ROS_LOCALHOST_ONLY=1 or "
                    + "ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST say).")
    Boolean localhostOnly;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** Where the ROS 2 defaults come from; the process's environment but in tests. */
    Map<String, String> environment = System.getenv();

    /** Set by {@link #checkOptions} for {@code --publish}. */
    private BagPublisher.Options options;
    private int domain;
    private boolean localhost;

    /**
     * Usage errors for options of the other mode (pipeline options with --publish, publish options without it) and,
     * with --publish, for values out of range; before anything is opened.
     *
     * @param rate {@code --rate}, or null for the recorded speed
     */
    void checkOptions(Double rate) {
        ParseResult parsed = spec.commandLine().getParseResult();
        List<String> wrong = new ArrayList<>();
        for (String name : publish ? PIPELINE_ONLY : PUBLISH_ONLY)
            if (parsed.hasMatchedOption(name))
                wrong.add(name);
        if (!wrong.isEmpty())
            throw new ParameterException(spec.commandLine(), publish
                    ? "--publish does not run the pipeline: " + String.join(", ", wrong) + " cannot be given with it"
                    : String.join(", ", wrong) + " only with --publish");
        if (!publish)
            return;
        try {
            options = new BagPublisher.Options(rate == null ? 1 : rate, clockHz, delay);
            if (waitSubscribers < 0 || !(waitTimeout > 0))
                throw new IllegalArgumentException("--wait-subscribers must be 0 or more and --wait-timeout positive");
            domain = domainId != null ? domainId : IhmcTransportConfig.domainIdFromEnvironment(environment);
            localhost = localhostOnly != null ? localhostOnly
                    : IhmcTransportConfig.localhostOnlyFromEnvironment(environment);
            if (domain < 0 || domain > IhmcTransportConfig.MAX_DOMAIN_ID)
                throw new IllegalArgumentException("--domain-id " + domain + " is outside 0.."
                        + IhmcTransportConfig.MAX_DOMAIN_ID);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /**
     * Plays the camera topics (with --all-topics every topic) of {@code bag}; reports on {@code json}'s text and
     * JSON. Call {@link #checkOptions} first.
     */
    int run(BagReader bag, Set<String> cameraTopics, String imageTopic, JsonOutput json, boolean showProgress)
            throws IOException {
        Set<String> topics = allTopics ? BagPublisher.withAllTopics(cameraTopics, bag) : cameraTopics;
        try (Transport transport = openTransport();
             BagPublisher publisher = BagPublisher.advertise(bag, topics, transport, options)) {
            PrintWriter text = json.text();
            CountDownLatch reported = new CountDownLatch(1);
            Thread onSignal = new Thread(() -> {
                publisher.stop();
                try {
                    reported.await(SUMMARY_WAIT_MS, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "gpuvo-replay-publish-stop");
            Runtime.getRuntime().addShutdownHook(onSignal);
            try {
                awaitSubscribers(publisher, imageTopic, text);
                BagPublisher.Summary summary;
                try (ProgressBar bar = showProgress
                        ? RunProgress.bar("publish", publisher.messagesToPublish(), " msgs") : null) {
                    summary = publisher.play(bar == null ? null : (m, n) -> bar.step());
                }
                report(bag, publisher, summary, json);
            } finally {
                reported.countDown();
                try {
                    Runtime.getRuntime().removeShutdownHook(onSignal);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running: it ends once the summary is out
                }
            }
        }
        return 0;
    }

    private Transport openTransport() {
        try {
            IhmcTransport.requireSecurityMet(SecurityRequest.of(environment, java.util.Optional.empty()));
        } catch (IllegalArgumentException | SecurityException e) {
            throw new IllegalStateException("nothing was published: " + e.getMessage(), e);
        }
        IhmcTransportConfig config = localhost ? IhmcTransportConfig.loopbackOnly(domain, PARTICIPANT)
                : IhmcTransportConfig.defaults(domain, PARTICIPANT);
        try {
            return IhmcTransport.open(config);
        } catch (FastDdsUnavailableException e) {
            throw new IllegalStateException("Fast DDS cannot start here, nothing was published: " + e.getMessage(), e);
        }
    }

    private void awaitSubscribers(BagPublisher publisher, String imageTopic, PrintWriter text) {
        if (waitSubscribers == 0)
            return;
        text.printf(Locale.ROOT, "waiting for %d subscription(s) to %s (at most %s s)%n", waitSubscribers,
                imageTopic, number(waitTimeout));
        text.flush();
        int seen = publisher.awaitSubscribers(imageTopic, waitSubscribers,
                Duration.ofNanos((long) (waitTimeout * 1e9)));
        if (seen < 0)
            text.printf("the transport cannot count %s's subscriptions: publishing without waiting%n", imageTopic);
        else if (seen < waitSubscribers && !publisher.stopped())
            throw new IllegalStateException(String.format(Locale.ROOT, "%s had %d of the %d subscriptions waited for "
                    + "after %s s (a subscriber must be on the same domain and ask for best-effort delivery, as "
                    + "with a camera driver); nothing was published", imageTopic, seen, waitSubscribers,
                    number(waitTimeout)));
    }

    private void report(BagReader bag, BagPublisher publisher, BagPublisher.Summary summary, JsonOutput json)
            throws IOException {
        PrintWriter text = json.text();
        String where = "domain " + domain + (localhost ? ", localhost only" : "");
        text.printf(Locale.ROOT, "gpuvo replay --publish: %d messages in %.2f s (%.2f s of the bag at %s×), %s%s%n",
                summary.messages(), summary.wallSeconds(), summary.bagSeconds(), number(options.rate()), where,
                summary.completed() ? "" : "; stopped early, " + summary.messages() + " of "
                        + publisher.messagesToPublish());
        StringBuilder counts = new StringBuilder();
        summary.messagesByTopic().forEach((topic, n) -> counts.append(topic).append(' ').append(n).append(", "));
        text.printf("published  %s%s %d%n", counts, BagPublisher.CLOCK_TOPIC, summary.clockMessages());
        if (summary.failed() > 0)
            text.printf("refused    %d messages (first: %s)%n", summary.failed(), summary.firstFailure());
        if (summary.damaged() > 0)
            text.printf("damaged    %d places of the bag skipped%n", summary.damaged());
        text.flush();
        ObjectNode root = JsonOutput.object();
        root.put("bag", bag.path().toString());
        ObjectNode out = root.putObject("publish");
        out.put("domain_id", domain);
        out.put("localhost_only", localhost);
        out.put("rate", options.rate());
        out.put("clock_hz", options.clockHz());
        out.putPOJO("topics", summary.messagesByTopic());
        out.put("messages", summary.messages());
        out.put("messages_in_bag", publisher.messagesToPublish());
        out.put("clock_messages", summary.clockMessages());
        out.put("failed", summary.failed());
        out.put("damaged", summary.damaged());
        out.put("bag_s", summary.bagSeconds());
        out.put("wall_s", summary.wallSeconds());
        out.put("completed", summary.completed());
        json.write(root);
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }
}
