package org.gpuvo.app.bag;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpuvo.app.CliRun;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.gpu.testdata.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class BagInfoCommandTest {
    @TempDir
    Path dir;

    private static Map<String, JsonNode> topics(JsonNode json) {
        Map<String, JsonNode> byName = new HashMap<>();
        json.path("topics").forEach(t -> byName.put(t.path("name").asText(), t));
        return byName;
    }

    @Test
    void nav2RecordingAsRos2BagInfoShowsIt() throws Exception {
        Path bag = SharedData.require("rosbags").resolve("nav2_turtlebot.mcap");
        CliRun run = CliRun.run("bag", "info", bag.toString(), "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("storage").asText()).isEqualTo("mcap");
        assertThat(json.path("message_count").asLong()).isEqualTo(2639 + 5422 + 1 + 135);
        Map<String, JsonNode> topics = topics(json);
        assertThat(topics.get("/odom").path("count").asLong()).isEqualTo(2639);
        assertThat(topics.get("/odom").path("type").asText()).isEqualTo("nav_msgs/msg/Odometry");
        assertThat(topics.get("/tf").path("count").asLong()).isEqualTo(5422);
        assertThat(topics.get("/tf_static").path("count").asLong()).isEqualTo(1);
        assertThat(topics.get("/amcl_pose").path("count").asLong()).isEqualTo(135);
        assertThat(json.path("end_ns").asLong() - json.path("start_ns").asLong())
                .isEqualTo(Math.round(json.path("duration_s").asDouble() * 1e9));
        assertThat(run.err()).contains("Storage id:        mcap", "Messages:          8197",
                "Topic: /odom | Type: nav_msgs/msg/Odometry | Count: 2639 | Serialization Format: cdr");
    }

    @Test
    void splitSqliteBagListsEveryFile() throws Exception {
        Path bag = SharedData.require("rosbags")
                .resolve("rosbag2-test-resources/rosbag2_py/test/resources/sqlite3/wbag");
        CliRun run = CliRun.run("bag", "info", bag.toString(), "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("storage").asText()).isEqualTo("sqlite3");
        assertThat(json.path("files").size()).isEqualTo(5);
        long sum = 0;
        for (JsonNode t : json.path("topics"))
            sum += t.path("count").asLong();
        assertThat(sum).isEqualTo(json.path("message_count").asLong()).isPositive();
    }

    @Test
    void notABagIsOneLine() throws Exception {
        Path junk = dir.resolve("junk.db3");
        Files.writeString(junk, "not a bag at all, just text");
        CliRun run = CliRun.run("bag", "info", junk.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("junk.db3").doesNotContain("Exception");
        CliRun missing = CliRun.run("bag", "info", dir.resolve("none").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("no such bag");
    }
}
