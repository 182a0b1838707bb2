package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.FloatDescriptors;

import java.util.Arrays;
import java.util.function.IntBinaryOperator;

/**
 * One image's feature descriptors, binary (ORB, {@link Descriptors}) or real-valued (SIFT, {@link FloatDescriptors}),
 * with what the odometry does with them besides handing them to a front end: count them, and compare one image's with
 * another's (left–right stereo matching). Distances are integers in the unit of the feature type's
 * {@code ConfigMatch.maxDistance}: bits (Hamming) for binary descriptors, {@link FloatDescriptors#DISTANCE_SCALE}
 * times the Euclidean distance for real ones. A front end fills them ({@link TrackingFrontEnd#currentFeatures}).
 */
public sealed interface FeatureDescriptors permits FeatureDescriptors.Binary, FeatureDescriptors.Real {
    /** Empty descriptors of {@code type}. */
    static FeatureDescriptors of(FeatureType type) {
        if (type == null)
            throw new IllegalArgumentException("feature type is null");
        return switch (type) {
            case ORB -> new Binary(Descriptors.orb(), false);
            case SIFT -> new Real(FloatDescriptors.sift());
        };
    }

    /**
     * {@code descriptors}, checked to be of {@code type}.
     *
     * @throws IllegalArgumentException if they are null or of another type
     */
    static FeatureDescriptors requireType(FeatureDescriptors descriptors, FeatureType type) {
        if (descriptors == null || descriptors.type() != type)
            throw new IllegalArgumentException("expected " + type.id() + " descriptors, got " + typeOf(descriptors));
        return descriptors;
    }

    /**
     * The rows of ORB descriptors.
     *
     * @throws IllegalArgumentException if {@code descriptors} are null or not ORB's
     */
    static Descriptors binaryRows(FeatureDescriptors descriptors) {
        Binary binary = (Binary) requireType(descriptors, FeatureType.ORB);
        binary.shared = true;
        return binary.rows;
    }

    /**
     * The rows of SIFT descriptors.
     *
     * @throws IllegalArgumentException if {@code descriptors} are null or not SIFT's
     */
    static FloatDescriptors floatRows(FeatureDescriptors descriptors) {
        return ((Real) requireType(descriptors, FeatureType.SIFT)).rows;
    }

    FeatureType type();

    int size();

    /**
     * The distance from row {@code i} of this set to row {@code j} of {@code other}, as (i, j) → distance, ready for
     * many calls. Valid until either set changes.
     *
     * @throws IllegalArgumentException if {@code other} holds descriptors of another type or length
     */
    IntBinaryOperator distancesTo(FeatureDescriptors other);

    /**
     * Makes this set a copy of {@code other}.
     *
     * @throws IllegalArgumentException if {@code other} holds descriptors of another type or length
     */
    void setTo(FeatureDescriptors other);

    /** Empties the set. */
    void clear();

    /**
     * Appends row {@code row} of {@code from}.
     *
     * @throws IllegalArgumentException if {@code from} holds descriptors of another type or length
     */
    void appendRow(FeatureDescriptors from, int row);

    private static String typeOf(FeatureDescriptors d) {
        return d == null ? "null" : d.type().id();
    }

    /**
     * ORB's 256-bit descriptors; distances are Hamming distances on 64-bit words. A set filled only through its own
     * methods ({@link #clear}, {@link #appendRow}, {@link #setTo}) keeps its words in step with its rows, so that a
     * large set compared frame after frame (the local map's) is not packed again each time; a set whose rows others
     * write (wrapped, or handed to a front end) is packed at every {@link #distancesTo}.
     */
    final class Binary implements FeatureDescriptors {
        private static final int WORDS = Descriptors.ORB_BYTES / 8;
        private final Descriptors rows;
        /** whether others hold the rows and may write them */
        private boolean shared;
        private long[] words = new long[0];
        /** how many rows {@link #words} holds in step with the rows, or -1 if none is known to be */
        private int wordRows;

        /** Descriptors over {@code rows}, which the caller may go on writing. */
        public Binary(Descriptors rows) {
            this(rows, true);
        }

        private Binary(Descriptors rows, boolean shared) {
            if (rows == null || rows.bytesPerDescriptor != Descriptors.ORB_BYTES)
                throw new IllegalArgumentException("binary descriptors must be ORB's " + Descriptors.ORB_BYTES + " bytes");
            this.rows = rows;
            this.shared = shared;
            this.wordRows = -1;
        }

        @Override
        public FeatureType type() {
            return FeatureType.ORB;
        }

        @Override
        public int size() {
            return rows.size();
        }

        @Override
        public IntBinaryOperator distancesTo(FeatureDescriptors other) {
            long[] p = words(), q = same(other).words();
            return (i, j) -> {
                int a = 4 * i, c = 4 * j;
                return Long.bitCount(p[a] ^ q[c]) + Long.bitCount(p[a + 1] ^ q[c + 1])
                        + Long.bitCount(p[a + 2] ^ q[c + 2]) + Long.bitCount(p[a + 3] ^ q[c + 3]);
            };
        }

        /** The rows as words: packed now unless they are known to be in step. */
        private long[] words() {
            if (shared || wordRows != rows.size()) {
                words = rows.toWords(words);
                wordRows = shared ? -1 : rows.size();
            }
            return words;
        }

        @Override
        public void setTo(FeatureDescriptors other) {
            Descriptors from = same(other).rows;
            rows.resize(from.size());
            System.arraycopy(from.data, 0, rows.data, 0, from.size() * Descriptors.ORB_BYTES);
            wordRows = -1;
        }

        @Override
        public void clear() {
            rows.resize(0);
            wordRows = 0;
        }

        @Override
        public void appendRow(FeatureDescriptors from, int row) {
            Descriptors source = same(from).rows;
            int n = rows.size();
            rows.resize(n + 1);
            System.arraycopy(source.data, row * Descriptors.ORB_BYTES, rows.data, n * Descriptors.ORB_BYTES,
                    Descriptors.ORB_BYTES);
            if (!shared && wordRows == n) {
                if (words.length < WORDS * (n + 1))
                    words = Arrays.copyOf(words, Math.max(WORDS * (n + 1), 2 * words.length));
                rows.rowToWords(n, words, WORDS * n);
                wordRows = n + 1;
            } else {
                wordRows = -1;
            }
        }

        private static Binary same(FeatureDescriptors other) {
            if (!(other instanceof Binary b))
                throw new IllegalArgumentException("orb descriptors cannot be used with " + typeOf(other) + " ones");
            return b;
        }
    }

    /** SIFT's 128 floats; distances are {@link FloatDescriptors#scaledDistance} of the squared Euclidean distance. */
    final class Real implements FeatureDescriptors {
        public final FloatDescriptors rows;

        public Real(FloatDescriptors rows) {
            if (rows == null)
                throw new IllegalArgumentException("descriptors are null");
            this.rows = rows;
        }

        @Override
        public FeatureType type() {
            return FeatureType.SIFT;
        }

        @Override
        public int size() {
            return rows.size();
        }

        @Override
        public IntBinaryOperator distancesTo(FeatureDescriptors other) {
            FloatDescriptors p = rows, q = same(other).rows;
            return (i, j) -> FloatDescriptors.scaledDistance(p.squaredDistance(i, q, j));
        }

        @Override
        public void setTo(FeatureDescriptors other) {
            FloatDescriptors from = same(other).rows;
            rows.resize(from.size());
            System.arraycopy(from.data, 0, rows.data, 0, from.size() * rows.length);
        }

        @Override
        public void clear() {
            rows.resize(0);
        }

        @Override
        public void appendRow(FeatureDescriptors from, int row) {
            FloatDescriptors source = same(from).rows;
            int n = rows.size();
            rows.resize(n + 1);
            System.arraycopy(source.data, row * rows.length, rows.data, n * rows.length, rows.length);
        }

        private Real same(FeatureDescriptors other) {
            if (!(other instanceof Real r) || r.rows.length != rows.length)
                throw new IllegalArgumentException("sift descriptors of length " + rows.length + " cannot be used with "
                        + typeOf(other) + " descriptors" + (other instanceof Real o ? " of length " + o.rows.length : ""));
            return r;
        }
    }
}
