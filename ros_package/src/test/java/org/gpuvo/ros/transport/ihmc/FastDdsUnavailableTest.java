package org.gpuvo.ros.transport.ihmc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Where the natives cannot load, opening a transport says why instead of crashing or naming a JNI method. */
class FastDdsUnavailableTest {
    @Test
    void aHomeWhereTheNativesCannotBeExtractedGivesTheReason() throws IOException, InterruptedException {
        // nothing can be created under /proc, even by root
        Path home = Path.of("/proc/gpuvo_no_home");
        assumeTrue(Files.isDirectory(Path.of("/proc/self")) && !Files.exists(home), "needs Linux /proc");
        String output = runProbe("-Duser.home=" + home);

        assertThat(output).startsWith("UNAVAILABLE ");
        assertThat(output).contains("cannot be extracted into " + home.resolve(".ihmc/lib"))
                .contains(System.getProperty("os.arch"));
    }

    /** The loader extracts into a fresh home and loads; a damaged library found there later is named. */
    @Test
    void aFreshHomeOpensAndADamagedLibraryThereIsNamed(@TempDir Path home) throws IOException, InterruptedException {
        String output = runProbe("-Duser.home=" + home);
        // where Fast DDS cannot run here at all, the reason is printed and the test says so instead of failing
        assumeTrue(!output.startsWith("UNAVAILABLE "), output);
        assertThat(output).isEqualTo("OPENED ihmc-fastdds");

        Path fastrtps;
        try (var files = Files.walk(home.resolve(".ihmc/lib"))) {
            fastrtps = files.filter(p -> p.getFileName().toString().startsWith("libfastrtps")).findFirst()
                    .orElseThrow();
        }
        // the loader keeps files it finds already extracted, so it loads this one
        Files.write(fastrtps, new byte[]{0x7f, 'E', 'L', 'F'});
        output = runProbe("-Duser.home=" + home);

        assertThat(output).startsWith("UNAVAILABLE ").contains(fastrtps.getFileName() + " does not load: ");
    }

    private static String runProbe(String... jvmOptions) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new java.util.ArrayList<>(List.of(java.toString()));
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), NativeLoadFailureProbe.class.getName()));
        Process probe = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(probe.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return out.lines().filter(l -> l.startsWith("OPENED") || l.startsWith("UNAVAILABLE")).findFirst()
                .orElse("no answer; output was: " + out);
    }
}
