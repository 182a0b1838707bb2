package org.gpuvo.gpu.features;

import java.util.Arrays;

/**
 * Binary descriptors of a fixed length, stored back to back in one byte array (row {@code i} starts at
 * {@code i * bytesPerDescriptor}). The byte and bit order is OpenCV's: bit {@code k} of byte {@code j} is test
 * {@code 8j + k} of the descriptor.
 */
public final class Descriptors {
    public static final int ORB_BYTES = 32;

    public final int bytesPerDescriptor;
    private int size;
    public byte[] data = new byte[0];

    public Descriptors(int bytesPerDescriptor) {
        if (bytesPerDescriptor <= 0)
            throw new IllegalArgumentException("descriptor length must be positive: " + bytesPerDescriptor);
        this.bytesPerDescriptor = bytesPerDescriptor;
    }

    public static Descriptors orb() {
        return new Descriptors(ORB_BYTES);
    }

    public int size() {
        return size;
    }

    /** Sets the number of descriptors, growing the storage if needed (new rows are zero). */
    public void resize(int count) {
        if (count < 0)
            throw new IllegalArgumentException("negative descriptor count " + count);
        long bytes = (long) count * bytesPerDescriptor;
        if (bytes > data.length)
            data = Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(bytes, data.length * 3L / 2)));
        if (count > size)
            Arrays.fill(data, size * bytesPerDescriptor, count * bytesPerDescriptor, (byte) 0);
        size = count;
    }

    /** Hamming distance between descriptor {@code i} of this set and descriptor {@code j} of {@code other}. */
    public int hamming(int i, Descriptors other, int j) {
        int a = i * bytesPerDescriptor, b = j * other.bytesPerDescriptor, d = 0;
        for (int k = 0; k < bytesPerDescriptor; k++)
            d += Integer.bitCount((data[a + k] ^ other.data[b + k]) & 0xFF);
        return d;
    }

    /**
     * The descriptors packed into 64-bit words, little endian, {@code bytesPerDescriptor/8} words per descriptor
     * (the length must be a multiple of 8): the layout popcount-based matchers want.
     */
    public long[] toWords(long[] reuse) {
        if (bytesPerDescriptor % 8 != 0)
            throw new IllegalStateException("descriptor length " + bytesPerDescriptor + " is not a multiple of 8");
        int words = size * bytesPerDescriptor / 8;
        long[] out = reuse != null && reuse.length >= words ? reuse : new long[words];
        for (int w = 0; w < words; w++)
            out[w] = word(w * 8);
        return out;
    }

    /**
     * Descriptor {@code i} packed as {@link #toWords} packs it, into {@code out} from {@code at}.
     *
     * @throws IllegalStateException if the descriptor length is not a multiple of 8
     */
    public void rowToWords(int i, long[] out, int at) {
        if (bytesPerDescriptor % 8 != 0)
            throw new IllegalStateException("descriptor length " + bytesPerDescriptor + " is not a multiple of 8");
        for (int w = 0; w < bytesPerDescriptor / 8; w++)
            out[at + w] = word(i * bytesPerDescriptor + 8 * w);
    }

    private long word(int p) {
        return (data[p] & 0xFFL) | (data[p + 1] & 0xFFL) << 8 | (data[p + 2] & 0xFFL) << 16
                | (data[p + 3] & 0xFFL) << 24 | (data[p + 4] & 0xFFL) << 32 | (data[p + 5] & 0xFFL) << 40
                | (data[p + 6] & 0xFFL) << 48 | (data[p + 7] & 0xFFL) << 56;
    }

    public byte[] row(int i) {
        return Arrays.copyOfRange(data, i * bytesPerDescriptor, (i + 1) * bytesPerDescriptor);
    }
}
