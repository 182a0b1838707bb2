package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.gpu.match.ProjectionSearchRules;
import org.gpuvo.gpu.testdata.SharedData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The device's search of a local map by projection gives, on real KITTI frames, exactly the winners of the rules
 * evaluated in Java over the downloaded features: candidates free, in the grid, within the radius and of a scale
 * alike; nearest two Hamming distances, limit and ratio test; a feature to its nearest point, of equals the lowest
 * row. The map is one frame's features, each searched for around where it was, in the next two frames.
 */
@Tag("gpu")
class CudaMapSearchGpuTest {
    private static final int CELL = 16, MAX_DISTANCE = 50;
    private static final double RATIO = 0.9, FACTOR = 1.2, LIMIT = FACTOR * (1 + 1e-9);

    @BeforeEach
    void assumeCuda() {
        GpuTestSupport.assumeCuda();
    }

    @Test
    void winnersAreThoseOfTheRulesInJava() {
        List<Path> frames = SharedData.kittiFrames(1);
        GrayImage a = SharedData.read(frames.get(0)), b = SharedData.read(frames.get(1)),
                c = SharedData.read(frames.get(2));
        ConfigOrb orb = new ConfigOrb();
        orb.maxFeatures = 2000;
        orb.levels = 4;
        try (CudaFrontEnd front = new CudaFrontEnd("map-search-test", orb, new ConfigMatch())) {
            Matches matches = new Matches();
            KeyPoints mapPoints = new KeyPoints();
            Descriptors mapDescriptors = Descriptors.orb();
            front.process(a, matches);
            front.downloadCurrent(mapPoints, mapDescriptors);
            int rows = mapPoints.size();
            double[] levelScales = new double[32];
            for (int level = 0; level < levelScales.length; level++)
                levelScales[level] = Math.pow(FACTOR, level);
            double[] slots = new double[ProjectionSearchRules.SLOT_VALUES * rows];
            for (int r = 0; r < rows; r++) {
                double scale = levelScales[mapPoints.level[r]];
                slots[4 * r] = mapPoints.x[r] + 1.5;
                slots[4 * r + 1] = mapPoints.y[r] - 0.5;
                slots[4 * r + 2] = r % 7 == 0 ? -1 : 20 * scale;
                slots[4 * r + 3] = scale;
            }
            CudaMapSearch search = front.projectionSearch();
            search.setMap(mapDescriptors.data, rows);
            int conflicts = 0;
            for (GrayImage next : new GrayImage[]{b, c}) {
                front.process(next, matches);
                KeyPoints current = new KeyPoints();
                Descriptors currentDescriptors = Descriptors.orb();
                front.downloadCurrent(current, currentDescriptors);
                int n = current.size();
                byte[] free = new byte[n];
                for (int i = 0; i < n; i++)
                    free[i] = (byte) (i % 5 == 0 ? 0 : 1);
                int columns = (next.width + CELL - 1) / CELL, gridRows = (next.height + CELL - 1) / CELL;
                int[] feature = new int[n], slot = new int[n];
                float[] x = new float[n], y = new float[n];
                int won = search.search(slots, free, new ProjectionSearchRules(levelScales, LIMIT, columns, gridRows,
                        CELL, MAX_DISTANCE, RATIO), feature, slot, x, y);

                int[] wanted = new int[n];
                long[] expected = expectedWinners(slots, rows, mapDescriptors, current, currentDescriptors, free,
                        levelScales, columns, gridRows, wanted);
                int expectedCount = 0;
                for (int i = 0; i < n; i++)
                    if (expected[i] >= 0) {
                        assertThat(expectedCount).as("winners").isLessThan(won);
                        assertThat(feature[expectedCount]).as("feature of winner %d", expectedCount).isEqualTo(i);
                        assertThat(slot[expectedCount]).as("row that won feature %d", i).isEqualTo(expected[i]);
                        assertThat(x[expectedCount]).isEqualTo(current.x[i]);
                        assertThat(y[expectedCount]).isEqualTo(current.y[i]);
                        expectedCount++;
                    }
                assertThat(won).as("winners").isEqualTo(expectedCount);
                assertThat(won).as("a search that finds points").isGreaterThan(50);
                conflicts += (int) Arrays.stream(wanted).filter(w -> w > 1).count();
            }
            assertThat(conflicts).as("features wanted by several points").isPositive();
        }
    }

    /** By feature: the row it goes to, or -1; {@code wanted}: how many rows' matches it was. */
    private static long[] expectedWinners(double[] slots, int rows, Descriptors map, KeyPoints current,
                                          Descriptors currentDescriptors, byte[] free, double[] levelScales,
                                          int columns, int gridRows, int[] wanted) {
        int n = current.size();
        long[] best = new long[n];
        Arrays.fill(best, Long.MAX_VALUE);
        for (int r = 0; r < rows; r++) {
            double u = slots[4 * r], v = slots[4 * r + 1], radius = slots[4 * r + 2], scale = slots[4 * r + 3];
            if (radius < 0)
                continue;
            int first = Integer.MAX_VALUE, second = Integer.MAX_VALUE, index = -1;
            for (int i = 0; i < n; i++) {
                int cx = (int) (current.x[i] / CELL), cy = (int) (current.y[i] / CELL);
                if (free[i] == 0 || cx < 0 || cx >= columns || cy < 0 || cy >= gridRows)
                    continue;
                double du = current.x[i] - u, dv = current.y[i] - v;
                double other = levelScales[current.level[i]];
                if (du * du + dv * dv > radius * radius || Math.max(scale, other) > LIMIT * Math.min(scale, other))
                    continue;
                int d = map.hamming(r, currentDescriptors, i);
                if (d < first) {
                    second = first;
                    first = d;
                    index = i;
                } else if (d < second) {
                    second = d;
                }
            }
            if (index < 0 || first > MAX_DISTANCE || (second != Integer.MAX_VALUE && !(first < RATIO * second)))
                continue;
            wanted[index]++;
            best[index] = Math.min(best[index], ((long) first << 32) | r);
        }
        long[] row = new long[n];
        for (int i = 0; i < n; i++)
            row[i] = best[i] == Long.MAX_VALUE ? -1 : best[i] & 0xFFFFFFFFL;
        return row;
    }
}
