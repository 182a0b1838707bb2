package org.gpuvo.gpu.match;

import java.util.Arrays;

/**
 * A growable list of descriptor matches held as parallel primitive arrays, with no object per match. Match
 * {@code i} pairs query descriptor {@link #query}[i] with train descriptor {@link #train}[i] at Hamming distance
 * {@link #distance}[i]; {@link #secondDistance}[i] is the distance of the query's second-nearest train
 * descriptor, or {@link #NO_SECOND} when there was only one candidate. The arrays may be longer than
 * {@link #size()}; entries past it are meaningless.
 */
public final class Matches {
    /** {@link #secondDistance} of a query that had a single candidate: larger than any real distance. */
    public static final int NO_SECOND = Integer.MAX_VALUE;

    private int size;
    public int[] query = new int[0];
    public int[] train = new int[0];
    public int[] distance = new int[0];
    public int[] secondDistance = new int[0];

    public Matches() {
    }

    public Matches(int capacity) {
        ensureCapacity(capacity);
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Empties the list, keeping the storage. */
    public void reset() {
        size = 0;
    }

    public void ensureCapacity(int capacity) {
        if (capacity < 0)
            throw new IllegalArgumentException("negative capacity " + capacity);
        if (capacity <= query.length)
            return;
        int n = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(capacity, query.length + (query.length >> 1) + 16L));
        query = Arrays.copyOf(query, n);
        train = Arrays.copyOf(train, n);
        distance = Arrays.copyOf(distance, n);
        secondDistance = Arrays.copyOf(secondDistance, n);
    }

    /** Appends a match and returns its index. */
    public int add(int queryIndex, int trainIndex, int distance, int secondDistance) {
        ensureCapacity(size + 1);
        int i = size++;
        this.query[i] = queryIndex;
        this.train[i] = trainIndex;
        this.distance[i] = distance;
        this.secondDistance[i] = secondDistance;
        return i;
    }

    public Matches copy() {
        Matches c = new Matches(size);
        System.arraycopy(query, 0, c.query, 0, size);
        System.arraycopy(train, 0, c.train, 0, size);
        System.arraycopy(distance, 0, c.distance, 0, size);
        System.arraycopy(secondDistance, 0, c.secondDistance, 0, size);
        c.size = size;
        return c;
    }

    @Override
    public String toString() {
        return "Matches[" + size + "]";
    }
}
