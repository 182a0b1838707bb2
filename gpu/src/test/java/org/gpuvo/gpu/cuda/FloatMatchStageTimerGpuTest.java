package org.gpuvo.gpu.cuda;

import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.gpu.testdata.RandomSiftDescriptors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The stage-timed match gives the matcher's own matches, and a GPU time for each stage. */
@Tag("gpu")
class FloatMatchStageTimerGpuTest {
    @Test
    void timedMatchesEqualTheMatchersAndEveryStageHasATime() {
        GpuTestSupport.assumeCuda();
        Random random = new Random(5);
        FloatDescriptors train = RandomSiftDescriptors.realLike(random, 3000, 75, 0.5);
        FloatDescriptors query = RandomSiftDescriptors.noisyCopies(random, train, 2500, 0.25, 0.6);
        try (CudaContext cuda = CudaContext.open("timer-test");
             CudaFloatMatcher matcher = new CudaFloatMatcher(cuda, new ConfigMatch(0.8, false, Integer.MAX_VALUE));
             FloatMatchStageTimer timer = new FloatMatchStageTimer(matcher);
             DeviceFloatFeatures q = MatchTestData.upload(cuda, query, null, query.size());
             DeviceFloatFeatures t = MatchTestData.upload(cuda, train, null, train.size())) {
            for (ConfigMatch config : new ConfigMatch[]{new ConfigMatch(0.8, false, Integer.MAX_VALUE),
                    new ConfigMatch(0.8, true, Integer.MAX_VALUE)}) {
                Matches plain = new Matches(), timed = new Matches();
                matcher.match(q, t, config, plain);
                Map<String, Float> ms = timer.match(q, t, config, timed);
                System.out.printf("mutual %s: %d matches, stages %s, plan %s%n", config.mutual, timed.size(), ms,
                        matcher.lastPlan());
                assertThat(ms.keySet()).containsExactlyElementsOf(FloatMatchStageTimer.STAGES);
                ms.forEach((stage, v) -> assertThat(v).as(stage).isFinite().isGreaterThanOrEqualTo(0f));
                assertThat(ms.get(FloatMatchStageTimer.TILES)).isPositive();
                assertThat(timed.size()).isEqualTo(plain.size()).isPositive();
                for (int i = 0; i < plain.size(); i++) {
                    assertThat(timed.query[i]).as("match %d", i).isEqualTo(plain.query[i]);
                    assertThat(timed.train[i]).as("match %d", i).isEqualTo(plain.train[i]);
                    assertThat(timed.distance[i]).as("match %d", i).isEqualTo(plain.distance[i]);
                }
            }
            try (CudaContext other = CudaContext.open("timer-test-other");
                 DeviceFloatFeatures foreign = MatchTestData.upload(other, query, null, query.size())) {
                assertThatThrownBy(() -> timer.match(foreign, t, new ConfigMatch(), new Matches()))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("another CUDA context");
            }
            q.count = 0;
            assertThatThrownBy(() -> timer.match(q, t, new ConfigMatch(), new Matches()))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("features on both sides");
        }
    }
}
