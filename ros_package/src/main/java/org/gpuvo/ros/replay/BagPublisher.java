package org.gpuvo.ros.replay;

import org.gpuvo.ros.bag.BagDamageLog;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.bag.TopicInfo;
import org.gpuvo.ros.cdr.MessageCodec;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.cdr.RosTypeNames;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.Clock;
import org.gpuvo.ros.msg.CompressedImage;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.Transport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Plays a bag onto a live ROS 2 graph, as {@code ros2 bag play --clock} does: the messages of the chosen topics in
 * time order, each one's bytes unchanged on its topic and type, paced by their log times at {@code rate} × real time,
 * and the bag's time on {@code /clock} for nodes with {@code use_sim_time}.
 *
 * <p>QoS: images and camera infos go out with the sensor-data profile, as a camera driver offers them (best effort,
 * keep last 5: a subscription asking for reliable delivery does not match, as with the driver); {@code /tf_static}
 * reliable and transient local, keeping all its messages of the bag (up to {@value #MAX_KEPT}) for late subscribers;
 * every other topic reliable, keep last 10.</p>
 *
 * <p>{@code /clock} (rosgraph_msgs/Clock) is published as rosbag2's player does (player.cpp): with rclcpp's
 * ClockQoS (best effort, keep last 1, which the ClockQoS subscription of an rclcpp node's time source matches),
 * immediately before each message with that message's log time (its {@code --clock-topics-all}), and between
 * messages at {@code clockHz} with the bag time that has passed at the rate ({@code --clock}, whose default frequency
 * is {@value #DEFAULT_CLOCK_HZ} Hz). Unlike rosbag2's free-running timer, a tick never runs ahead of the next
 * message's time, so that {@code /clock} never decreases and equals each message's log time when it is published.</p>
 *
 * <p>One {@link #play} at a time, on any thread; {@link #stop} and {@link #close} may come from another thread (a
 * signal handler) and end a wait at once. A stop is final: a later play returns at once. The transport is the
 * caller's.</p>
 */
public final class BagPublisher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BagPublisher.class);

    public static final String CLOCK_TOPIC = "/clock";
    public static final String TF_STATIC_TOPIC = "/tf_static";
    /** {@code ros2 bag play --clock}'s frequency where none is given (rosbag2's CLI: default 40). */
    public static final double DEFAULT_CLOCK_HZ = 40;
    /** rclcpp::ClockQoS: the sensor-data profile with a depth of 1 (rclcpp qos.cpp). */
    public static final QosProfile CLOCK_QOS = new QosProfile(QosProfile.Reliability.BEST_EFFORT,
            QosProfile.Durability.VOLATILE, 1);
    /** The most {@code /tf_static} messages kept for late subscribers. */
    public static final int MAX_KEPT = 1000;
    private static final long POLL_NANOS = 10_000_000L;
    private static final MessageCodec<Clock> CLOCK = MessageCodecs.of(Clock.class);

    /**
     * How to play.
     *
     * @param rate         × real time (1 plays at the recorded speed)
     * @param clockHz      {@code /clock} ticks a second between messages; 0 for a tick only before each message
     * @param delaySeconds a wait after the publishers are advertised and before the first message (discovery)
     */
    public record Options(double rate, double clockHz, double delaySeconds) {
        public Options {
            if (!(rate > 0) || Double.isInfinite(rate))
                throw new IllegalArgumentException("rate must be positive and finite, got " + rate);
            if (!(clockHz >= 0) || Double.isInfinite(clockHz))
                throw new IllegalArgumentException("clock frequency must be 0 or more Hz, got " + clockHz);
            if (!(delaySeconds >= 0) || Double.isInfinite(delaySeconds))
                throw new IllegalArgumentException("delay must be 0 or more seconds, got " + delaySeconds);
        }

        /** At {@code rate} × real time, {@code /clock} at {@link #DEFAULT_CLOCK_HZ}, no delay. */
        public static Options atRate(double rate) {
            return new Options(rate, DEFAULT_CLOCK_HZ, 0);
        }
    }

    /** Told of each message published (not of {@code /clock}), on the playing thread. */
    @FunctionalInterface
    public interface Listener {
        /** @param published messages published so far, this one included */
        void published(BagMessage message, long published);
    }

    /**
     * What a {@link #play} did.
     *
     * @param messagesByTopic messages published per topic, in the order the topics were given
     * @param clockMessages   {@code /clock} messages published
     * @param failed          messages the transport refused (each topic's first refusal is logged)
     * @param firstFailure    the first refusal's message, or null
     * @param damaged         damaged places of the bag skipped
     * @param bagSeconds      log time of the last message published minus the first's
     * @param wallSeconds     from the first message to the end (the delay excluded)
     * @param completed       false where {@link #stop}, {@link #close} or an interrupt ended it early
     */
    public record Summary(Map<String, Long> messagesByTopic, long clockMessages, long failed, String firstFailure,
                          long damaged, double bagSeconds, double wallSeconds, boolean completed) {
        /** Messages published over all topics, {@code /clock} excluded. */
        public long messages() {
            long n = 0;
            for (long c : messagesByTopic.values())
                n += c;
            return n;
        }
    }

    private final BagReader bag;
    private final Set<String> topics;
    private final Options options;
    private final Map<String, RawPublisher> publishers = new LinkedHashMap<>();
    private final RawPublisher clock;
    private final long toPublish;
    /** guards {@link #running} and is waited on, so that {@link #stop} ends a wait at once */
    private final Object wake = new Object();
    private volatile boolean stopRequested;
    private boolean running, closed;
    /** the play's state: its bag time and wall time (System.nanoTime) at the first message, the next tick's time */
    private long firstBagNs, startWall, nextTick;
    private long lastClockNs = Long.MIN_VALUE, clockMessages;

    private BagPublisher(BagReader bag, Set<String> topics, Map<String, TopicInfo> byName, Options options,
                         Transport transport) throws IOException {
        this.bag = bag;
        this.topics = topics;
        this.options = options;
        Map<String, Long> counts = bag.messageCounts();
        long n = 0;
        try {
            for (String name : topics) {
                TopicInfo topic = byName.get(name);
                long count = counts.getOrDefault(name, 0L);
                n += count;
                publishers.put(name, transport.advertise(name, RosTypeNames.canonical(topic.type()),
                        qosFor(topic, count)));
            }
            clock = transport.advertise(CLOCK_TOPIC, Clock.TYPE, CLOCK_QOS);
        } catch (RuntimeException e) {
            publishers.values().forEach(RawPublisher::close);
            throw e;
        }
        this.toPublish = n;
    }

    /**
     * Advertises a publisher for each of {@code topics} and for {@code /clock} on {@code transport}.
     *
     * @param topics the bag's topics to play, in the order the summary lists them
     * @throws IllegalArgumentException where a topic is not in the bag, is not CDR, or is {@code /clock}, or none is
     *                                  given
     */
    public static BagPublisher advertise(BagReader bag, Set<String> topics, Transport transport, Options options)
            throws IOException {
        if (topics.isEmpty())
            throw new IllegalArgumentException(bag.path() + ": no topics to publish");
        Map<String, TopicInfo> byName = new LinkedHashMap<>();
        bag.topics().forEach(t -> byName.put(t.name(), t));
        for (String name : topics) {
            TopicInfo topic = byName.get(name);
            if (topic == null)
                throw new IllegalArgumentException(bag.path() + ": topic " + name + " is not in the bag; its topics: "
                        + String.join(", ", byName.keySet()));
            if (name.equals(CLOCK_TOPIC))
                throw new IllegalArgumentException(bag.path() + ": the bag's own " + CLOCK_TOPIC + " cannot be "
                        + "published beside the bag time that the player publishes there");
            if (!"cdr".equals(topic.serializationFormat()))
                throw new IllegalArgumentException(bag.path() + ": topic " + name + " is serialized as '"
                        + topic.serializationFormat() + "', not CDR: it cannot go onto a ROS 2 graph as it is");
        }
        return new BagPublisher(bag, new LinkedHashSet<>(topics), byName, options, transport);
    }

    /** The camera topics a replay reads: the image topics and their camera_info topics. */
    public static Set<String> cameraTopics(ReplayTopics chosen) {
        Set<String> set = new LinkedHashSet<>(chosen.imageTopics());
        set.add(chosen.cameraInfo);
        if (chosen.secondCameraInfo != null)
            set.add(chosen.secondCameraInfo);
        return set;
    }

    /** {@code first} followed by every other topic of the bag, except {@code /clock}, which the player publishes. */
    public static Set<String> withAllTopics(Set<String> first, BagReader bag) {
        Set<String> set = new LinkedHashSet<>(first);
        for (TopicInfo t : bag.topics())
            if (!t.name().equals(CLOCK_TOPIC))
                set.add(t.name());
        return set;
    }

    /** The QoS a topic is offered with (see the class comment); {@code messages} is the topic's count in the bag. */
    static QosProfile qosFor(TopicInfo topic, long messages) {
        String type = RosTypeNames.canonical(topic.type());
        if (type.equals(Image.TYPE) || type.equals(CompressedImage.TYPE) || type.equals(CameraInfo.TYPE))
            return QosProfile.SENSOR_DATA;
        if (topic.name().equals(TF_STATIC_TOPIC))
            return new QosProfile(QosProfile.Reliability.RELIABLE, QosProfile.Durability.TRANSIENT_LOCAL,
                    (int) Math.max(1, Math.min(MAX_KEPT, messages)));
        return QosProfile.RELIABLE;
    }

    /** The topics played, in order. */
    public Set<String> topics() {
        return Collections.unmodifiableSet(topics);
    }

    /** Messages of the topics in the bag: what a complete {@link #play} publishes, {@code /clock} excluded. */
    public long messagesToPublish() {
        return toPublish;
    }

    /**
     * Waits until the publisher of {@code topic} has at least {@code count} matched subscriptions, until
     * {@code timeout} has passed, or until {@link #stop}.
     *
     * @return the matched subscriptions last seen; -1 at once where the transport cannot tell
     * @throws IllegalArgumentException where {@code topic} is not played
     */
    public int awaitSubscribers(String topic, int count, Duration timeout) {
        RawPublisher publisher = publishers.get(topic);
        if (publisher == null)
            throw new IllegalArgumentException(topic + " is not one of the topics played: " + topics);
        long deadline = System.nanoTime() + timeout.toNanos();
        int seen = publisher.matchedSubscriptions();
        while (seen >= 0 && seen < count && !stopRequested && deadline - System.nanoTime() > 0) {
            waitUntil(Math.min(deadline, System.nanoTime() + POLL_NANOS));
            seen = publisher.matchedSubscriptions();
        }
        return seen;
    }

    /**
     * Plays the bag once: waits {@link Options#delaySeconds}, then publishes every message of the topics in time order,
     * each no earlier than its log time allows at the rate (measured from the first message), with {@code /clock}.
     * Damage in the bag is skipped and counted; a message the transport refuses is counted and the play goes on.
     * Returns early, with {@link Summary#completed()} false, after {@link #stop}, {@link #close} or an interrupt of
     * this thread (whose interrupt status is then kept).
     *
     * @param listener told of each message published, or null
     * @throws IllegalStateException where a play is running or the publisher is closed
     */
    public Summary play(Listener listener) throws IOException {
        synchronized (wake) {
            if (running || closed)
                throw new IllegalStateException(closed ? "the bag publisher is closed" : "a play is running");
            running = true;
        }
        try {
            return playOnce(listener);
        } finally {
            synchronized (wake) {
                running = false;
                wake.notifyAll();
            }
        }
    }

    private Summary playOnce(Listener listener) throws IOException {
        Map<String, Long> published = new LinkedHashMap<>();
        topics.forEach(t -> published.put(t, 0L));
        Set<String> refusedTopics = new HashSet<>();
        String firstFailure = null;
        long failed = 0, count = 0, lastBagNs = 0, endWall;
        clockMessages = 0;
        lastClockNs = Long.MIN_VALUE;
        BagDamageLog damage = new BagDamageLog();

        waitUntil(System.nanoTime() + (long) (options.delaySeconds() * 1e9));
        boolean first = true, ended = false;
        try (MessageCursor cursor = bag.messages(topics, damage)) {
            while (!stopRequested) {
                BagMessage m = cursor.next();
                if (m == null) {
                    ended = true;
                    break;
                }
                if (first) {
                    startWall = System.nanoTime();
                    firstBagNs = m.timeNs();
                    nextTick = startWall + clockPeriodNanos();
                    first = false;
                }
                if (!waitAndTick(m.timeNs()))
                    break;
                publishClock(m.timeNs());
                String topic = m.topic().name();
                try {
                    publishers.get(topic).publish(m.data());
                } catch (RuntimeException e) {
                    failed++;
                    if (firstFailure == null)
                        firstFailure = topic + ": " + e.getMessage();
                    if (refusedTopics.add(topic))
                        LOG.warn("{}: the transport refused a message of {} bytes (further ones not logged): {}",
                                topic, m.data().length, e.toString());
                    continue;
                }
                lastBagNs = m.timeNs();
                published.merge(topic, 1L, Long::sum);
                count++;
                if (listener != null)
                    listener.published(m, count);
            }
        } finally {
            endWall = System.nanoTime();
        }
        return new Summary(Collections.unmodifiableMap(published), clockMessages, failed, firstFailure, damage.count(),
                count == 0 ? 0 : (lastBagNs - firstBagNs) / 1e9, first ? 0 : (endWall - startWall) / 1e9, ended);
    }

    /**
     * Waits until the message of bag time {@code timeNs} is due, publishing {@code /clock} ticks meanwhile (never past
     * {@code timeNs}); false where a stop ended the wait.
     */
    private boolean waitAndTick(long timeNs) {
        long due = startWall + wallNanos(timeNs - firstBagNs);
        long period = clockPeriodNanos();
        while (period > 0 && !stopRequested && nextTick - due < 0) {
            waitUntil(nextTick);
            if (stopRequested)
                break;
            long bagNow = firstBagNs + (long) ((System.nanoTime() - startWall) * options.rate());
            publishClock(Math.min(bagNow, timeNs));
            // behind schedule, the next tick is a period from now, not a burst of the missed ones
            nextTick = Math.max(nextTick + period, System.nanoTime());
        }
        waitUntil(due);
        return !stopRequested;
    }

    /** Nanoseconds between {@code /clock} ticks; 0 for none. */
    private long clockPeriodNanos() {
        return options.clockHz() > 0 ? Math.max(1, (long) (1e9 / options.clockHz())) : 0;
    }

    /** Wall-clock nanoseconds that {@code bagNanos} of the bag take at the rate. */
    private long wallNanos(long bagNanos) {
        return (long) Math.ceil(bagNanos / options.rate());
    }

    /** Publishes the bag time {@code timeNs}, or the last one published where that is later. */
    private void publishClock(long timeNs) {
        lastClockNs = Math.max(lastClockNs, timeNs);
        try {
            clock.publish(CLOCK.encode(new Clock(Time.ofNanos(lastClockNs))));
            clockMessages++;
        } catch (RuntimeException e) {
            LOG.warn("{}: the transport refused the clock: {}", CLOCK_TOPIC, e.toString());
        }
    }

    /** Sleeps until {@code dueNanos} ({@link System#nanoTime()}) or until stopped; an interrupt stops. */
    private void waitUntil(long dueNanos) {
        synchronized (wake) {
            long left;
            while (!stopRequested && (left = dueNanos - System.nanoTime()) > 0) {
                try {
                    TimeUnit.NANOSECONDS.timedWait(wake, left);
                } catch (InterruptedException e) {
                    stopRequested = true;
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** Ends a {@link #play} or {@link #awaitSubscribers} in progress soon (after the message being published). */
    public void stop() {
        synchronized (wake) {
            stopRequested = true;
            wake.notifyAll();
        }
    }

    /** Whether {@link #stop}, {@link #close} or an interrupt has ended this publisher's plays. */
    public boolean stopped() {
        return stopRequested;
    }

    /** Stops, waits for a play in progress to return, and closes the publishers (the transport stays open). */
    @Override
    public void close() {
        List<RawPublisher> all;
        synchronized (wake) {
            stopRequested = true;
            wake.notifyAll();
            boolean interrupted = false;
            while (running) {
                try {
                    wake.wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted)
                Thread.currentThread().interrupt();
            if (closed)
                return;
            closed = true;
            all = new ArrayList<>(publishers.values());
            all.add(clock);
        }
        all.forEach(RawPublisher::close);
    }

    @Override
    public String toString() {
        return "BagPublisher[" + bag.path() + ": " + String.join(", ", topics) + " at " + options.rate() + "×]";
    }
}
