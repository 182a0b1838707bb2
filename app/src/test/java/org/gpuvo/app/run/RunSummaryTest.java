package org.gpuvo.app.run;

import com.fasterxml.jackson.databind.JsonNode;
import georegression.struct.se.Se3_F64;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.odometry.vo.MappingRecord;
import org.gpuvo.odometry.vo.PipelineWarmUp;
import org.gpuvo.odometry.vo.PointCloud;
import org.gpuvo.odometry.vo.SequenceRun;
import org.gpuvo.odometry.vo.TrackingState;
import org.gpuvo.odometry.vo.VoMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The summary's tracking and mapping figures, and frames.csv and mapping.csv, on a run made up here. */
class RunSummaryTest {
    @TempDir
    Path dir;

    /** 100 frames whose host work is 1, 2, ..., 100 ms; three bundle adjustments, the second not applied. */
    private static SequenceRun run(List<MappingRecord> mapping) {
        return run(mapping, "cpu", -1);
    }

    private static SequenceRun run(List<MappingRecord> mapping, String backend, int cpuFallbackFrame) {
        Trajectory trajectory = new Trajectory();
        List<FrameResult> frames = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            Se3_F64 pose = new Se3_F64();
            pose.T.setTo(0, 0, 0.1 * i);
            frames.add(new FrameResult(0.1 * i, pose, TrackingState.TRACKING, 1000, 500, 400, i % 5 == 0, 300 + i,
                    i % 7, 10, i + 1));
            trajectory.add(0.1 * i, pose);
        }
        return new SequenceRun("made-up", VoMode.STEREO, backend, cpuFallbackFrame, FeatureType.ORB, trajectory, frames,
                new PointCloud(), mapping, trajectory);
    }

    private static final List<MappingRecord> THREE = List.of(
            new MappingRecord(9, 0.5, 120.0, 8, 900, 4100, true),
            new MappingRecord(14, 3.25, 80.0, 20, 950, 4300, false),
            new MappingRecord(19, 1.0, 100.0, 9, 1000, 4500, true));

    @Test
    void aGpuThatFailedIsReportedWithTheFrameFromWhichTheCpuRan() throws Exception {
        PipelineWarmUp.Result warmUp = new PipelineWarmUp.Result(30, 3, 1.5, "cuda", null);
        RunSummary failed = RunSummary.of("made-up", run(THREE, "cpu", 42), true, 5, warmUp, null, null, null, 2.0,
                dir, List.of("frames.csv"));
        StringWriter text = new StringWriter();
        failed.print(new PrintWriter(text));
        assertThat(text.toString()).contains("backend    the GPU failed at frame 42: it and the frames after it ran on "
                + "the CPU\n");
        JsonNode json = JsonOutput.MAPPER.readTree(JsonOutput.MAPPER.writeValueAsString(failed.json()));
        assertThat(json.path("cpu_fallback_frame").asInt()).isEqualTo(42);
        assertThat(json.path("backend").asText()).isEqualTo("cpu");

        RunSummary fine = RunSummary.of("made-up", run(THREE, "cuda", -1), true, 5, warmUp, null, null, null, 2.0, dir,
                List.of("frames.csv"));
        text = new StringWriter();
        fine.print(new PrintWriter(text));
        assertThat(text.toString()).doesNotContain("the GPU failed");
        json = JsonOutput.MAPPER.readTree(JsonOutput.MAPPER.writeValueAsString(fine.json()));
        assertThat(json.has("cpu_fallback_frame")).isTrue();
        assertThat(json.path("cpu_fallback_frame").isNull()).isTrue();
    }

    @Test
    void trackingIsMeanP99AndMaxOfHostAndMappingItsBundleAdjustments() throws Exception {
        PipelineWarmUp.Result warmUp = new PipelineWarmUp.Result(30, 3, 1.5, "cpu", null);
        RunSummary s = RunSummary.of("made-up", run(THREE), false, 10, warmUp, null, null, null, 2.0, dir,
                List.of("frames.csv"));
        assertThat(s.tracking().meanMs).isCloseTo(50.5, within(1e-9));
        assertThat(s.tracking().p99Ms).isCloseTo(99.01, within(1e-9));
        assertThat(s.tracking().maxMs).isEqualTo(100.0);
        StringWriter text = new StringWriter();
        s.print(new PrintWriter(text));
        assertThat(text.toString()).contains(
                "warm-up    1.5 s before the first frame: 30 rendered frames, 3 passes\n",
                "tracking   mean 50.5 ms a frame, p99 99.0, max 100.0 (host work on the tracking thread)\n",
                "mapping    asynchronous (a thread of its own, at most 10 frames behind), 3 bundle adjustments "
                        + "(1 failed): median 100.0 ms, "
                        + "p90 116.0, max 120.0; longest wait 3.3 ms\n");

        JsonNode json = JsonOutput.MAPPER.readTree(JsonOutput.MAPPER.writeValueAsString(s.json()));
        assertThat(json.path("deterministic").asBoolean(true)).isFalse();
        assertThat(json.path("mapping_lag_frames").asInt()).isEqualTo(10);
        assertThat(json.path("warm_up_s").asDouble()).isEqualTo(1.5);
        assertThat(json.path("tracking_ms_mean").asDouble()).isCloseTo(50.5, within(1e-9));
        assertThat(json.path("tracking_ms_max").asDouble()).isEqualTo(100.0);
        JsonNode mapping = json.path("mapping");
        assertThat(mapping.path("bundle_adjustments").asInt()).isEqualTo(3);
        assertThat(mapping.path("bundle_failures").asInt()).isEqualTo(1);
        assertThat(mapping.path("bundle_ms_median").asDouble()).isEqualTo(100.0);
        assertThat(mapping.path("bundle_ms_p90").asDouble()).isCloseTo(116.0, within(1e-9));
        assertThat(mapping.path("bundle_ms_max").asDouble()).isEqualTo(120.0);
        assertThat(mapping.path("wait_ms_max").asDouble()).isEqualTo(3.25);
    }

    @Test
    void withoutBundleAdjustmentsTheirFiguresAreNull() throws Exception {
        RunSummary s = RunSummary.of("made-up", run(List.of()), true, 0, new PipelineWarmUp.Result(0, 0, 0, "", null),
                null, null, null, 2.0, dir, List.of());
        StringWriter text = new StringWriter();
        s.print(new PrintWriter(text));
        assertThat(text.toString())
                .contains("mapping    deterministic (on the tracking thread), no bundle adjustment\n")
                .doesNotContain("warm-up");
        JsonNode json = JsonOutput.MAPPER.readTree(JsonOutput.MAPPER.writeValueAsString(s.json()));
        assertThat(json.path("deterministic").asBoolean()).isTrue();
        assertThat(json.path("mapping").path("bundle_adjustments").asInt()).isZero();
        for (String key : new String[]{"bundle_ms_median", "bundle_ms_p90", "bundle_ms_max", "wait_ms_max"})
            assertThat(json.path("mapping").path(key).isNull()).as(key).isTrue();
    }

    /** A run over frames 100 on: both files number the frames as the dataset does. */
    @Test
    void framesAndMappingCsvNumberTheDatasetsFrames() throws Exception {
        SequenceRun run = run(THREE);
        RunOutputs.writeFramesCsv(run.frames(), i -> 100 + i, dir.resolve("frames.csv"));
        RunOutputs.writeMappingCsv(run.mapping(), i -> 100 + i, dir.resolve("mapping.csv"));
        List<String> frames = Files.readAllLines(dir.resolve("frames.csv"));
        assertThat(frames.get(0)).isEqualTo(
                "index,timestamp,state,features,matches,inliers,map_points_tracked,reprojection_matches,keyframe,front_end_ms,"
                        + "host_ms");
        assertThat(frames.get(6)).isEqualTo("105,0.500000000,tracking,1000,500,400,305,5,1,10.000,6.000");
        assertThat(Files.readAllLines(dir.resolve("mapping.csv"))).containsExactly(
                "frame,wait_ms,bundle_ms,iterations,points,observations,applied",
                "109,0.500,120.000,8,900,4100,1",
                "114,3.250,80.000,20,950,4300,0",
                "119,1.000,100.000,9,1000,4500,1");
    }
}
