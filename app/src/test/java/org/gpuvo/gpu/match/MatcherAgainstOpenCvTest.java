package org.gpuvo.gpu.match;

import org.gpuvo.gpu.testdata.RandomDescriptors;

import org.gpuvo.app.opencv.OpenCvMats;

import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.opencv.global.opencv_core;
import org.bytedeco.opencv.opencv_core.DMatchVector;
import org.bytedeco.opencv.opencv_core.DMatchVectorVector;
import org.bytedeco.opencv.opencv_core.Mat;
import org.bytedeco.opencv.opencv_features2d.BFMatcher;
import org.gpuvo.gpu.features.Descriptors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Conformance with OpenCV's brute-force matcher ({@code BFMatcher}, {@code NORM_HAMMING}): the same nearest
 * train index, best and second-best distance for every query as {@code knnMatch(k = 2)}, and the same pairs as
 * its cross check.
 */
class MatcherAgainstOpenCvTest {


    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6})
    void nearestTwoEqualOpenCvKnnMatch(int seed) {
        Random random = new Random(seed);
        Descriptors train = RandomDescriptors.uniform(random, 1 + random.nextInt(1500), 32);
        Descriptors query = RandomDescriptors.noisyCopies(random, train, 1 + random.nextInt(1500), 64);

        Matches ours = new Matches();
        FactoryMatcher.cpu(new ConfigMatch(1.0, false, 256)).match(query, train, ours);

        DMatchVectorVector knn = new DMatchVectorVector();
        try (Mat q = OpenCvMats.toMat(query); Mat t = OpenCvMats.toMat(train); BFMatcher bf = new BFMatcher(opencv_core.NORM_HAMMING, false)) {
            bf.knnMatch(q, t, knn, 2);
        }
        assertThat(ours.size()).isEqualTo(query.size());
        assertThat(knn.size()).isEqualTo(query.size());
        for (int i = 0; i < query.size(); i++) {
            DMatchVector neighbours = knn.get(i);
            assertThat(ours.query[i]).isEqualTo(i);
            assertThat(ours.train[i]).as("nearest train of query %d", i).isEqualTo(neighbours.get(0).trainIdx());
            assertThat(ours.distance[i]).as("best distance of query %d", i)
                    .isEqualTo((int) neighbours.get(0).distance());
            if (train.size() > 1) {
                assertThat(neighbours.size()).isEqualTo(2);
                assertThat(ours.secondDistance[i]).as("second distance of query %d", i)
                        .isEqualTo((int) neighbours.get(1).distance());
            } else {
                assertThat(neighbours.size()).isEqualTo(1);
                assertThat(ours.secondDistance[i]).isEqualTo(Matches.NO_SECOND);
            }
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {11, 12, 13})
    void mutualCheckEqualsOpenCvCrossCheck(int seed) {
        Random random = new Random(seed);
        Descriptors train = RandomDescriptors.uniform(random, 1 + random.nextInt(1000), 32);
        Descriptors query = RandomDescriptors.noisyCopies(random, train, 1 + random.nextInt(1000), 64);

        Matches ours = new Matches();
        FactoryMatcher.cpu(new ConfigMatch(1.0, true, 256)).match(query, train, ours);

        DMatchVector cross = new DMatchVector();
        try (Mat q = OpenCvMats.toMat(query); Mat t = OpenCvMats.toMat(train); BFMatcher bf = new BFMatcher(opencv_core.NORM_HAMMING, true)) {
            bf.match(q, t, cross);
        }
        assertThat(ours.size()).isEqualTo((int) cross.size());
        for (int i = 0; i < ours.size(); i++) {
            assertThat(new int[]{ours.query[i], ours.train[i], ours.distance[i]}).as("match %d", i)
                    .containsExactly(cross.get(i).queryIdx(), cross.get(i).trainIdx(), (int) cross.get(i).distance());
        }
    }
}
