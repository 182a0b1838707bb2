package org.gpuvo.ros.node.transport;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gpuvo.ros.node.transport.QosProfile.Durability.TRANSIENT_LOCAL;
import static org.gpuvo.ros.node.transport.QosProfile.Durability.VOLATILE;
import static org.gpuvo.ros.node.transport.QosProfile.Reliability.BEST_EFFORT;
import static org.gpuvo.ros.node.transport.QosProfile.Reliability.RELIABLE;

/** The in-memory transport keeps the Transport contract: matching, synchronous delivery, transient local, closing. */
class InMemoryTransportTest {
    private static final String STRING = "std_msgs/msg/String";
    private static final QosProfile BEST_EFFORT_VOLATILE = new QosProfile(BEST_EFFORT, VOLATILE, 5);

    private final InMemoryTransport transport = new InMemoryTransport();

    /** What a subscription received, as the first byte of each message. */
    private static final class Received {
        final List<Integer> firstBytes = Collections.synchronizedList(new ArrayList<>());
        final List<Thread> threads = Collections.synchronizedList(new ArrayList<>());

        void add(ReceivedMessage m) {
            firstBytes.add((int) m.data()[0]);
            threads.add(Thread.currentThread());
        }
    }

    @Test
    void deliversToEveryMatchedSubscriptionOnThePublishingThreadBeforePublishReturns() {
        Received a = new Received(), b = new Received(), other = new Received();
        transport.subscribe("/chatter", STRING, QosProfile.RELIABLE, a::add);
        transport.subscribe("/chatter", STRING, QosProfile.SENSOR_DATA, b::add);
        transport.subscribe("/other", STRING, QosProfile.RELIABLE, other::add);
        RawPublisher publisher = transport.advertise("/chatter", STRING, QosProfile.RELIABLE);
        assertThat(publisher.matchedSubscriptions()).isEqualTo(2);
        publisher.publish(new byte[]{1});
        publisher.publish(new byte[]{2});
        assertThat(a.firstBytes).containsExactly(1, 2);
        assertThat(b.firstBytes).containsExactly(1, 2);
        assertThat(a.threads).containsOnly(Thread.currentThread());
        assertThat(other.firstBytes).isEmpty();
    }

    @Test
    void eachSubscriptionGetsItsOwnCopyOfTheBytes() {
        List<byte[]> got = new ArrayList<>();
        transport.subscribe("/t", STRING, QosProfile.RELIABLE, m -> got.add(m.data()));
        transport.subscribe("/t", STRING, QosProfile.RELIABLE, m -> got.add(m.data()));
        byte[] sent = {7, 8};
        RawPublisher publisher = transport.advertise("/t", STRING, QosProfile.RELIABLE);
        publisher.publish(sent);
        sent[0] = 99; // the publisher reuses its array
        got.get(0)[1] = 42; // a subscriber scribbles on its copy
        assertThat(got.get(0)).containsExactly(7, 42);
        assertThat(got.get(1)).containsExactly(7, 8);
    }

    @Test
    void typesMatchInAnySpellingButDifferentTypesDoNot() {
        Received dds = new Received(), wrong = new Received();
        transport.subscribe("/t", "std_msgs::msg::dds_::String_", QosProfile.RELIABLE, dds::add);
        transport.subscribe("/t", "std_msgs/msg/Int32", QosProfile.RELIABLE, wrong::add);
        RawPublisher publisher = transport.advertise("/t", STRING, QosProfile.RELIABLE);
        assertThat(publisher.matchedSubscriptions()).isEqualTo(1);
        publisher.publish(new byte[]{5});
        assertThat(dds.firstBytes).containsExactly(5);
        assertThat(wrong.firstBytes).isEmpty();
    }

    @Test
    void qosIsMatchedAsDdsRequestVersusOffered() {
        QosProfile reliableVolatile = new QosProfile(RELIABLE, VOLATILE, 1);
        QosProfile reliableTransient = new QosProfile(RELIABLE, TRANSIENT_LOCAL, 1);
        QosProfile bestEffortTransient = new QosProfile(BEST_EFFORT, TRANSIENT_LOCAL, 1);
        // a best-effort volatile subscription takes anything
        for (QosProfile offered : List.of(reliableVolatile, reliableTransient, BEST_EFFORT_VOLATILE, bestEffortTransient))
            assertThat(InMemoryTransport.compatible(offered, BEST_EFFORT_VOLATILE)).isTrue();
        // reliable needs reliable, transient local needs transient local
        assertThat(InMemoryTransport.compatible(BEST_EFFORT_VOLATILE, reliableVolatile)).isFalse();
        assertThat(InMemoryTransport.compatible(reliableVolatile, reliableTransient)).isFalse();
        assertThat(InMemoryTransport.compatible(reliableTransient, reliableTransient)).isTrue();
        assertThat(InMemoryTransport.compatible(bestEffortTransient, reliableTransient)).isFalse();

        Received reliable = new Received();
        transport.subscribe("/camera", STRING, QosProfile.RELIABLE, reliable::add);
        RawPublisher camera = transport.advertise("/camera", STRING, QosProfile.SENSOR_DATA);
        assertThat(camera.matchedSubscriptions()).isZero();
        camera.publish(new byte[]{1});
        assertThat(reliable.firstBytes).isEmpty();
    }

    @Test
    void lateTransientLocalSubscriptionsGetTheLastDepthMessages() {
        RawPublisher latched = transport.advertise("/tf_static", STRING, new QosProfile(RELIABLE, TRANSIENT_LOCAL, 3));
        for (int i = 1; i <= 5; i++)
            latched.publish(new byte[]{(byte) i});
        Received deep = new Received(), shallow = new Received(), volatileOne = new Received();
        transport.subscribe("/tf_static", STRING, new QosProfile(RELIABLE, TRANSIENT_LOCAL, 100), deep::add);
        transport.subscribe("/tf_static", STRING, new QosProfile(RELIABLE, TRANSIENT_LOCAL, 2), shallow::add);
        transport.subscribe("/tf_static", STRING, QosProfile.RELIABLE, volatileOne::add);
        assertThat(deep.firstBytes).containsExactly(3, 4, 5);
        assertThat(shallow.firstBytes).containsExactly(4, 5);
        assertThat(volatileOne.firstBytes).isEmpty();
        latched.publish(new byte[]{6});
        assertThat(deep.firstBytes).containsExactly(3, 4, 5, 6);
        assertThat(volatileOne.firstBytes).containsExactly(6);

        // a volatile publisher keeps nothing for late subscribers
        RawPublisher plain = transport.advertise("/plain", STRING, QosProfile.RELIABLE);
        plain.publish(new byte[]{1});
        Received late = new Received();
        transport.subscribe("/plain", STRING, QosProfile.RELIABLE, late::add);
        assertThat(late.firstBytes).isEmpty();
    }

    @Test
    void closedSubscriptionsGetNothingAndAreNoLongerCounted() {
        Received a = new Received();
        Subscription subscription = transport.subscribe("/t", STRING, QosProfile.RELIABLE, a::add);
        RawPublisher publisher = transport.advertise("/t", STRING, QosProfile.RELIABLE);
        publisher.publish(new byte[]{1});
        subscription.close();
        assertThat(publisher.matchedSubscriptions()).isZero();
        publisher.publish(new byte[]{2});
        assertThat(a.firstBytes).containsExactly(1);
    }

    @Test
    void aClosedPublisherRefusesToPublishAndItsKeptMessagesAreGone() {
        RawPublisher latched = transport.advertise("/l", STRING, QosProfile.TRANSIENT_LOCAL);
        latched.publish(new byte[]{1});
        latched.close();
        assertThatThrownBy(() -> latched.publish(new byte[]{2})).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("/l");
        Received late = new Received();
        transport.subscribe("/l", STRING, QosProfile.TRANSIENT_LOCAL, late::add);
        assertThat(late.firstBytes).isEmpty();
        // a publisher that returns is matched again
        RawPublisher again = transport.advertise("/l", STRING, QosProfile.TRANSIENT_LOCAL);
        assertThat(again.matchedSubscriptions()).isEqualTo(1);
        again.publish(new byte[]{3});
        assertThat(late.firstBytes).containsExactly(3);
    }

    @Test
    void aThrowingCallbackIsCountedAndTheOthersStillGetTheMessage() {
        Received after = new Received();
        transport.subscribe("/t", STRING, QosProfile.RELIABLE, m -> {
            throw new IllegalStateException("subscriber bug");
        });
        transport.subscribe("/t", STRING, QosProfile.RELIABLE, after::add);
        RawPublisher publisher = transport.advertise("/t", STRING, QosProfile.RELIABLE);
        publisher.publish(new byte[]{1});
        assertThat(after.firstBytes).containsExactly(1);
        assertThat(transport.callbackFailures()).isEqualTo(1);
    }

    @Test
    void aCallbackMayPublishAndOtherThreadsMayPublishMeanwhile() throws InterruptedException {
        RawPublisher echo = transport.advertise("/echo", STRING, QosProfile.RELIABLE);
        Received echoed = new Received();
        transport.subscribe("/echo", STRING, QosProfile.RELIABLE, echoed::add);
        CountDownLatch inCallback = new CountDownLatch(1), otherDone = new CountDownLatch(1);
        transport.subscribe("/in", STRING, QosProfile.RELIABLE, m -> {
            echo.publish(m.data());
            inCallback.countDown();
            try {
                // no lock is held here: another thread's publish goes through
                assertThat(otherDone.await(5, TimeUnit.SECONDS)).isTrue();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        RawPublisher in = transport.advertise("/in", STRING, QosProfile.RELIABLE);
        Thread other = new Thread(() -> {
            try {
                inCallback.await(5, TimeUnit.SECONDS);
                echo.publish(new byte[]{9});
                otherDone.countDown();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        other.start();
        in.publish(new byte[]{4});
        other.join(5000);
        assertThat(echoed.firstBytes).containsExactly(4, 9);
        assertThat(transport.callbackFailures()).isZero();
    }

    @Test
    void namesMustBeFullyQualifiedAndAClosedTransportRefusesEverything() {
        assertThatThrownBy(() -> transport.advertise("odom", STRING, QosProfile.RELIABLE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'odom'");
        assertThatThrownBy(() -> transport.subscribe("/a/", STRING, QosProfile.RELIABLE, m -> {
        })).isInstanceOf(IllegalArgumentException.class);
        Received a = new Received();
        transport.subscribe("/t", STRING, QosProfile.RELIABLE, a::add);
        RawPublisher publisher = transport.advertise("/t", STRING, QosProfile.RELIABLE);
        transport.close();
        assertThatThrownBy(() -> publisher.publish(new byte[]{1})).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> transport.advertise("/t", STRING, QosProfile.RELIABLE))
                .isInstanceOf(IllegalStateException.class);
        assertThat(a.firstBytes).isEmpty();
    }
}
