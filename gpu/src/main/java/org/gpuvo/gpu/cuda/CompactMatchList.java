package org.gpuvo.gpu.cuda;

import org.gpuvo.gpu.match.Matches;

/**
 * The list of kept matches as the matching kernels leave it on the device (match_decide.cuh): a header of
 * {@value #HEADER_INTS} ints (the number of kept matches; a count of rejected descriptors where a matcher reports
 * one, else unused) and one record of {@value #RECORD_INTS} ints per kept match (query, train, distance, second
 * distance, query x, query y, train x, train y as float bits), and its download into {@link Matches} through
 * pinned memory. One copy of {@code 16 + 32·kept} bytes, sized from the previous call's count, and a second copy
 * only when more matches than expected were kept. Buffers grow with the query count and are kept.
 */
final class CompactMatchList implements AutoCloseable {
    static final int HEADER_INTS = 4;
    static final int RECORD_INTS = 8;

    private final CudaContext cuda;
    private final String stage;
    private DeviceBuffer device;
    private PinnedBuffer host;
    private int[] records = new int[0];
    private final int[] header = new int[2];
    private int expectedKept = -1;
    // what the next download needs
    private int pendingQueries = -1;
    private boolean pendingCoordinates;

    CompactMatchList(CudaContext cuda, String stage) {
        this.cuda = cuda;
        this.stage = stage;
    }

    /**
     * The device buffer for the list of a match of {@code queries} queries (grown as needed), to be filled by the
     * kernels enqueued next; {@code coordinates}: whether the records' coordinates are to be kept.
     */
    DeviceBuffer prepare(int queries, boolean coordinates) {
        device = BufferGrowth.grow(cuda, stage, device, bytes(queries));
        pendingQueries = queries;
        pendingCoordinates = coordinates;
        return device;
    }

    /**
     * Waits for the kernels and downloads the list prepared last into {@code out} (replacing its contents).
     *
     * @return the second header int (the count of rejected descriptors of matchers that report one)
     * @throws IllegalStateException if nothing was prepared or the device reports an impossible count
     */
    int download(Matches out) {
        int nq = pendingQueries;
        if (nq < 0)
            throw new IllegalStateException("no match was enqueued");
        pendingQueries = -1;
        host = BufferGrowth.grow(cuda, stage, host, bytes(nq));
        int guess = expectedKept < 0 ? nq : Math.min(nq, expectedKept);
        device.downloadAsync(host, bytes(guess));
        host.getInts(0, header, 0, 2);  // waits for the copy, so for the kernels before it
        int kept = header[0];
        if (kept < 0 || kept > nq)
            throw new IllegalStateException(stage + ": the device reported " + kept + " matches for " + nq + " queries");
        if (kept > guess)
            device.downloadAsync(host, bytes(kept));
        expectedKept = kept + kept / 4 + 64;
        int ints = RECORD_INTS * kept;
        if (records.length < ints)
            records = new int[Math.max(ints, records.length + records.length / 2)];
        host.getInts(HEADER_INTS * 4L, records, 0, ints);
        out.reset();
        out.ensureCapacity(kept);
        if (pendingCoordinates)
            out.ensureCoordinateCapacity(kept);
        for (int k = 0, r = 0; k < kept; k++, r += RECORD_INTS) {
            if (pendingCoordinates)
                out.add(records[r], records[r + 1], records[r + 2], records[r + 3],
                        Float.intBitsToFloat(records[r + 4]), Float.intBitsToFloat(records[r + 5]),
                        Float.intBitsToFloat(records[r + 6]), Float.intBitsToFloat(records[r + 7]));
            else
                out.add(records[r], records[r + 1], records[r + 2], records[r + 3]);
        }
        return header[1];
    }

    private static long bytes(int records) {
        return (HEADER_INTS + (long) RECORD_INTS * records) * 4;
    }

    @Override
    public void close() {
        if (device != null)
            device.close();
        if (host != null)
            host.close();
    }
}
