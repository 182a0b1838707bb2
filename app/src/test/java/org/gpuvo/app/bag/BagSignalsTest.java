package org.gpuvo.app.bag;

import org.gpuvo.app.CliRun;
import org.gpuvo.app.GpuvoCommand;
import org.gpuvo.ros.bag.BagDamageLog;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.bag.Bags;
import org.gpuvo.ros.bag.MessageCursor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code gpuvo bag-from} and {@code gpuvo replay --write-bag} in a child JVM, stopped by a real signal while they write
 * a bag: SIGINT and SIGTERM finish the bag (summary and metadata.yaml, every message written so far readable without
 * damage); SIGKILL leaves a bag whose messages read up to the last complete chunk, the cut reported as the one damage.
 */
class BagSignalsTest {
    /** Bytes the storage file must have before the signal: past the first chunks, far from the end. */
    private static final long WRITTEN_BEFORE_SIGNAL = 12L << 20;

    @TempDir
    Path dir;
    /** the camera bag replayed: 60 of the room's stereo frames */
    @TempDir
    static Path input;

    @BeforeAll
    static void writeTheInput() {
        CliRun made = CliRun.run("bag-from", "synthetic:room", input.resolve("room").toString(), "--frames", "0:60",
                "-q");
        assertThat(made.exitCode()).as(made.err()).isZero();
    }

    @ParameterizedTest
    @CsvSource({"INT, mcap", "TERM, mcap", "KILL, mcap", "INT, sqlite3", "TERM, sqlite3", "KILL, sqlite3"})
    void aSignalWhileBagFromWritesLeavesAReadableBag(String signal, String storage) throws Exception {
        Path out = dir.resolve("bag");
        signalMidWrite(signal, storage, out, "bag-from", "synthetic:room", out.toString(), "--storage", storage, "-q");
    }

    /** The bag replay writes after its run: the input's messages and the results. */
    @ParameterizedTest
    @CsvSource({"INT, mcap", "KILL, mcap", "TERM, sqlite3"})
    void aSignalWhileReplayWritesItsBagLeavesAReadableBag(String signal, String storage) throws Exception {
        Path out = dir.resolve("bag");
        signalMidWrite(signal, storage, out, "replay", input.resolve("room").toString(), "--write-bag",
                out.toString(), "--storage", storage, "--backend", "cpu", "--out", dir.resolve("run").toString(),
                "--warm-up", "0", "-q");
    }

    /** Runs gpuvo with {@code args}, signals it once the bag {@code out} holds enough, and checks what is left. */
    private void signalMidWrite(String signal, String storage, Path out, String... args) throws Exception {
        Path log = dir.resolve("child.log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), GpuvoCommand.class.getName()));
        command.addAll(List.of(args));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (storageBytes(out) < WRITTEN_BEFORE_SIGNAL) {
                assertThat(child.isAlive()).as("the child ended before the signal: %s", Files.readString(log))
                        .isTrue();
                assertThat(System.nanoTime()).as("the child writes too slowly").isLessThan(deadline);
                Thread.sleep(20);
            }
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(child.pid())).inheritIO().start();
            assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).as("the child ends on SIG%s", signal).isTrue();
        } finally {
            child.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(child.exitValue()).as(output).isNotZero();

        BagDamageLog damage = new BagDamageLog();
        long read = 0;
        try (BagReader bag = Bags.open(out); MessageCursor cursor = bag.messages(null, damage)) {
            for (BagMessage m = cursor.next(); m != null; m = cursor.next())
                read++;
            if (!signal.equals("KILL"))
                assertThat(bag.messageCount()).as("the counts of the finished bag").isEqualTo(read);
        }
        if (signal.equals("KILL")) {
            assertThat(out.resolve("metadata.yaml")).doesNotExist();
            assertThat(damage.count()).as("the cut is the one damage").isEqualTo(1);
            if (storage.equals("mcap")) {
                assertThat(read).as(output).isPositive();
            } else {
                // rosbag2's sqlite3 pragmas keep the open transaction's journal in memory: what it held is lost,
                // and the reader says so rather than reading the file as a smaller bag
                assertThat(damage.first().get(0)).hasMessageContaining("stopped before committing");
                CliRun info = CliRun.run("bag", "info", out.toString());
                assertThat(info.exitCode()).isEqualTo(1);
                assertThat(info.out()).contains("Damaged:");
            }
        } else {
            assertThat(read).as(output).isPositive();
            assertThat(out.resolve("metadata.yaml")).exists();
            assertThat(damage.count()).as("a finished bag has no damage: %s", damage.first()).isZero();
            assertThat(output).contains("the bag " + out + " was finished with the");
            CliRun info = CliRun.run("bag", "info", out.toString());
            assertThat(info.exitCode()).as(info.err()).isZero();
            assertThat(info.out()).contains("Messages:          " + read);
        }
    }

    private static long storageBytes(Path out) throws IOException {
        if (!Files.isDirectory(out))
            return 0;
        try (Stream<Path> files = Files.list(out)) {
            return files.filter(f -> f.toString().endsWith(".mcap") || f.toString().endsWith(".db3"))
                    .mapToLong(f -> f.toFile().length()).sum();
        }
    }
}
