package org.gpuvo.cli;

import java.util.Arrays;

/**
 * Index pairs of matched descriptors with their Hamming distances, as parallel arrays.
 *
 * <p>A stand-in with the shape of {@code org.gpuvo.gpu.match.Matches}, which arrives with the Hamming matcher:
 * at merge, delete this file and import that class (see {@link FeatureMatching}).
 */
final class Matches {
    private int size;
    int[] query = new int[0];
    int[] train = new int[0];
    int[] distance = new int[0];

    int size() {
        return size;
    }

    void add(int query, int train, int distance) {
        if (size == this.query.length) {
            int n = size + (size >> 1) + 16;
            this.query = Arrays.copyOf(this.query, n);
            this.train = Arrays.copyOf(this.train, n);
            this.distance = Arrays.copyOf(this.distance, n);
        }
        this.query[size] = query;
        this.train[size] = train;
        this.distance[size] = distance;
        size++;
    }
}
