package org.gpuvo.gpu.match;

import java.util.Arrays;

/**
 * A growable list of descriptor matches held as parallel primitive arrays, with no object per match. Match
 * {@code i} pairs query descriptor {@link #query}[i] with train descriptor {@link #train}[i] at Hamming distance
 * {@link #distance}[i]; {@link #secondDistance}[i] is the distance of the query's second-nearest train
 * descriptor, or {@link #NO_SECOND} when there was only one candidate. The arrays may be longer than
 * {@link #size()}; entries past it are meaningless.
 *
 * <p>A backend that knows the keypoints (the CUDA matcher on device-resident features) also fills the optional
 * coordinate arrays {@link #queryX}, {@link #queryY}, {@link #trainX}, {@link #trainY} (level-0 pixels of the
 * two keypoints of each match), adding matches with the eight-argument {@link #add(int, int, int, int, float,
 * float, float, float)}; {@link #hasCoordinates()} says whether every match of the list has them.
 */
public final class Matches {
    /** {@link #secondDistance} of a query that had a single candidate: larger than any real distance. */
    public static final int NO_SECOND = Integer.MAX_VALUE;

    private int size;
    public int[] query = new int[0];
    public int[] train = new int[0];
    public int[] distance = new int[0];
    public int[] secondDistance = new int[0];
    /** optional keypoint coordinates of each match, valid when {@link #hasCoordinates()} */
    public float[] queryX = new float[0];
    public float[] queryY = new float[0];
    public float[] trainX = new float[0];
    public float[] trainY = new float[0];
    private boolean coordinates = true;

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
        coordinates = true;
    }

    /**
     * Whether every match in the list carries keypoint coordinates (vacuously true for an empty list): true
     * when all were added with the eight-argument {@link #add(int, int, int, int, float, float, float, float)}.
     */
    public boolean hasCoordinates() {
        return coordinates;
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

    /** Grows the coordinate arrays to at least {@code capacity} entries, keeping their contents. */
    public void ensureCoordinateCapacity(int capacity) {
        if (capacity < 0)
            throw new IllegalArgumentException("negative capacity " + capacity);
        if (capacity <= queryX.length)
            return;
        int n = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(capacity, queryX.length + (queryX.length >> 1) + 16L));
        queryX = Arrays.copyOf(queryX, n);
        queryY = Arrays.copyOf(queryY, n);
        trainX = Arrays.copyOf(trainX, n);
        trainY = Arrays.copyOf(trainY, n);
    }

    /** Appends a match with the coordinates of its two keypoints and returns its index. */
    public int add(int queryIndex, int trainIndex, int distance, int secondDistance,
                   float queryX, float queryY, float trainX, float trainY) {
        int i = appendIndices(queryIndex, trainIndex, distance, secondDistance);
        ensureCoordinateCapacity(size);
        this.queryX[i] = queryX;
        this.queryY[i] = queryY;
        this.trainX[i] = trainX;
        this.trainY[i] = trainY;
        return i;
    }

    /** Appends a match and returns its index. */
    public int add(int queryIndex, int trainIndex, int distance, int secondDistance) {
        coordinates = false;
        return appendIndices(queryIndex, trainIndex, distance, secondDistance);
    }

    private int appendIndices(int queryIndex, int trainIndex, int distance, int secondDistance) {
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
        c.coordinates = coordinates;
        if (coordinates && size > 0) {
            c.ensureCoordinateCapacity(size);
            System.arraycopy(queryX, 0, c.queryX, 0, size);
            System.arraycopy(queryY, 0, c.queryY, 0, size);
            System.arraycopy(trainX, 0, c.trainX, 0, size);
            System.arraycopy(trainY, 0, c.trainY, 0, size);
        }
        return c;
    }

    @Override
    public String toString() {
        return "Matches[" + size + "]";
    }
}
