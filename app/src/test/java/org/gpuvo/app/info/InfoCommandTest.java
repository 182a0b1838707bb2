package org.gpuvo.app.info;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpuvo.app.CliRun;
import org.gpuvo.app.JsonOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class InfoCommandTest {
    @Test
    void jsonOnStandardOutputIsValidAndTheTextMovesToStandardError() throws Exception {
        CliRun run = CliRun.run("info", "--json", "-");
        assertThat(run.exitCode()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("gpuvo_version").asText()).isNotBlank();
        JsonNode java = json.path("java");
        assertThat(java.path("version").asText()).isEqualTo(System.getProperty("java.version"));
        assertThat(java.path("vendor").asText()).isNotBlank();
        assertThat(java.path("vm").asText()).isNotBlank();
        assertThat(java.path("os").asText()).isNotBlank();
        assertThat(java.path("arch").asText()).isNotBlank();
        assertThat(java.path("cores").asInt()).isPositive();
        assertThat(java.path("max_heap_bytes").asLong()).isPositive();
        assertThat(run.err()).contains("java", "cuda");
    }

    @Test
    void theCudaSectionSaysWhetherUsableAndWhyNot() throws Exception {
        JsonNode cuda = JsonOutput.MAPPER.readTree(CliRun.run("info", "--json", "-").out()).path("cuda");
        for (String key : new String[]{"usable", "reason", "device", "compute_capability", "driver_version",
                "memory_bytes", "kernels_built", "kernels_loaded", "modules"})
            assertThat(cuda.has(key)).as("cuda." + key).isTrue();
        assertThat(cuda.path("usable").isBoolean()).isTrue();
        if (!cuda.path("usable").asBoolean())
            assertThat(cuda.path("reason").asText()).isNotBlank();
        assertThat(cuda.path("modules").isArray()).isTrue();
    }

    @Test
    void jsonToAFileLeavesTheTextOnStandardOutput(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("info.json");
        CliRun run = CliRun.run("info", "--json", file.toString());
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("gpuvo", "java");
        assertThat(JsonOutput.MAPPER.readTree(Files.readString(file)).path("java").path("cores").asInt()).isPositive();
    }

    @Test
    void aJsonFileThatCannotBeWrittenIsAFailureWithItsReason(@TempDir Path dir) {
        CliRun run = CliRun.run("info", "--json", dir.resolve("missing-folder/info.json").toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("missing-folder").doesNotContain("\tat ");
    }
}
