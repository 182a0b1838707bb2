package org.gpuvo.gpu.match;

import java.util.Random;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.testdata.RandomDescriptors;

/** {@link HostMatcherInputTest} for the binary (Hamming) CPU matcher. */
class MatcherInputTest extends HostMatcherInputTest<Descriptors> {
    @Override
    HostMatcher<Descriptors> matcher(ConfigMatch config) {
        return FactoryMatcher.cpu(config);
    }

    @Override
    Descriptors descriptors(Random random, int n) {
        return RandomDescriptors.uniform(random, n, 32);
    }

    @Override
    Descriptors otherLength(Random random) {
        return RandomDescriptors.uniform(random, 3, 16);
    }

    @Override
    String[] lengths() {
        return new String[]{"32", "16"};
    }

    @Override
    Descriptors empty() {
        return Descriptors.orb();
    }
}
