package org.gpuvo.odometry.frontend;

import java.util.function.Function;

import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.match.HostMatcher;
import org.gpuvo.gpu.match.Matches;

/**
 * The matching half of a {@link FeatureStage}, the same for every feature type: the type's rows of the descriptors
 * handed to its {@link HostMatcher}.
 *
 * @param <D> the descriptors' rows
 */
abstract class HostMatchingStage<D> implements FeatureStage {
    final HostMatcher<D> matcher;
    private final Function<FeatureDescriptors, D> rows;

    /** @param rows the rows of descriptors of this stage's type ({@code FeatureDescriptors::binaryRows}) */
    HostMatchingStage(HostMatcher<D> matcher, Function<FeatureDescriptors, D> rows) {
        this.matcher = matcher;
        this.rows = rows;
    }

    /** The rows of {@code descriptors}, checked to be of this stage's type. */
    D rows(FeatureDescriptors descriptors) {
        return rows.apply(descriptors);
    }

    @Override
    public void match(FeatureDescriptors query, FeatureDescriptors train, Matches out) {
        matcher.match(rows(query), rows(train), out);
    }

    @Override
    public void matchWithin(FeatureDescriptors query, float[] predictedX, float[] predictedY, FeatureDescriptors train,
                            KeyPoints trainPoints, Matches out) {
        matcher.matchWithin(rows(query), predictedX, predictedY, rows(train), trainPoints, out);
    }
}
