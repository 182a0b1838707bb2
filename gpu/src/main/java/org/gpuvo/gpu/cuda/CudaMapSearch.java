package org.gpuvo.gpu.cuda;

import jcuda.driver.CUfunction;
import org.gpuvo.gpu.match.ProjectionSearch;
import org.gpuvo.gpu.match.ProjectionSearchRules;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The search of a local map by projection over the ORB features of the frame a {@link CudaFrontEnd} processed last,
 * on the device ({@code map_search.cu}): the features stay there, and only the winners come back. The host keeps the
 * map (its points, their positions and keyframes), projects the points to search with the frame's pose and says
 * which features are free; this class holds the map's descriptors on the device from one keyframe to the next
 * ({@link #setMap}) and, each frame, finds the feature each projected point wins ({@link #search}) by the rules of
 * odometry's host search, so that both give the same winners. Buffers grow and are kept; one search at a time.
 */
public final class CudaMapSearch implements ProjectionSearch, AutoCloseable {
    public static final String STAGE = "map search";
    static final String MODULE = "map_search";
    /** threads per block and slots per block of map_search_slots, threads per block of map_search_compact */
    private static final int SEARCH_BLOCK = 128, SEARCH_WARPS = SEARCH_BLOCK / 32, COMPACT_BLOCK = 256;
    private static final int HEADER_INTS = 4, RECORD_INTS = 4;

    private final CudaContext cuda;
    private final Supplier<DeviceFeatures> current;
    private final CUfunction searchSlots, compact;
    private DeviceBuffer mapWords, slots, free, winners, found, scales;
    private PinnedBuffer mapStaging, slotStaging, freeStaging, foundStaging, scaleStaging;
    private int mapRows;
    private double[] scalesHeld = new double[0];
    private int[] records = new int[0];
    private final int[] header = new int[1];
    /** by feature: its record in the download, or -1 */
    private int[] recordOf = new int[0];

    /** @param current the device features of the frame processed last */
    CudaMapSearch(CudaContext cuda, Supplier<DeviceFeatures> current) {
        this.cuda = cuda;
        this.current = current;
        this.searchSlots = cuda.function(MODULE, "map_search_slots");
        this.compact = cuda.function(MODULE, "map_search_compact");
    }

    /** Holds {@code rows} ORB descriptors ({@link DeviceFeatures#DESCRIPTOR_BYTES} bytes each) on the device. */
    @Override
    public void setMap(byte[] descriptors, int rows) {
        long bytes = (long) rows * DeviceFeatures.DESCRIPTOR_BYTES;
        if (rows < 0 || bytes > descriptors.length)
            throw new IllegalArgumentException(rows + " rows of " + DeviceFeatures.DESCRIPTOR_BYTES
                    + " bytes do not fit " + descriptors.length + " bytes");
        mapRows = rows;
        if (rows == 0)
            return;
        mapStaging = WorkingBuffers.grow(cuda, STAGE, mapStaging, bytes);
        mapWords = WorkingBuffers.grow(cuda, STAGE, mapWords, bytes);
        mapStaging.put(0, descriptors, 0, (int) bytes);
        mapWords.uploadAsync(mapStaging, bytes);
    }

    /** The rows {@link #setMap} holds. */
    public int mapRows() {
        return mapRows;
    }

    @Override
    public int search(double[] slotValues, byte[] freeFeature, ProjectionSearchRules rules, int[] feature, int[] slot,
                      float[] x, float[] y) {
        double[] levelScales = rules.levelScales();
        DeviceFeatures features = current.get();
        int n = features.count;
        if (freeFeature.length < n || feature.length < n || slot.length < n || x.length < n || y.length < n)
            throw new IllegalArgumentException("arrays shorter than the frame's " + n + " features");
        if (slotValues.length < (long) ProjectionSearchRules.SLOT_VALUES * mapRows)
            throw new IllegalArgumentException("slot values for fewer than the map's " + mapRows + " rows");
        if (mapRows == 0 || n == 0)
            return 0;
        long slotBytes = (long) ProjectionSearchRules.SLOT_VALUES * mapRows * Double.BYTES;
        slotStaging = WorkingBuffers.grow(cuda, STAGE, slotStaging, slotBytes);
        slots = WorkingBuffers.grow(cuda, STAGE, slots, slotBytes);
        slotStaging.putDoubles(0, slotValues, 0, ProjectionSearchRules.SLOT_VALUES * mapRows);
        slots.uploadAsync(slotStaging, slotBytes);
        freeStaging = WorkingBuffers.grow(cuda, STAGE, freeStaging, n);
        free = WorkingBuffers.grow(cuda, STAGE, free, n);
        freeStaging.put(0, freeFeature, 0, n);
        free.uploadAsync(freeStaging, n);
        if (scales == null || !Arrays.equals(scalesHeld, levelScales)) {
            long scaleBytes = (long) levelScales.length * Double.BYTES;
            scaleStaging = WorkingBuffers.grow(cuda, STAGE, scaleStaging, scaleBytes);
            scales = WorkingBuffers.grow(cuda, STAGE, scales, scaleBytes);
            scaleStaging.putDoubles(0, levelScales, 0, levelScales.length);
            scales.uploadAsync(scaleStaging, scaleBytes);
            scalesHeld = levelScales.clone();
        }
        winners = WorkingBuffers.growFilled(cuda, STAGE, winners, 8L * n, (byte) 0xFF);
        long foundBytes = 4L * (HEADER_INTS + (long) RECORD_INTS * n);
        found = WorkingBuffers.grow(cuda, STAGE, found, foundBytes);
        foundStaging = WorkingBuffers.grow(cuda, STAGE, foundStaging, foundBytes);
        found.fillAsync((byte) 0);
        cuda.launch(STAGE, searchSlots, (mapRows + SEARCH_WARPS - 1) / SEARCH_WARPS, 1, SEARCH_BLOCK, 1, 0,
                KernelArguments.of(slots.pointer(), mapRows, mapWords.pointer(), features.positions.pointer(),
                        features.levels.pointer(), features.descriptors.pointer(), free.pointer(), n,
                        scales.pointer(), levelScales.length, rules.scaleLimit(), rules.columns(), rules.rows(),
                        rules.cell(), rules.maxDistance(), rules.ratio(), winners.pointer()));
        cuda.launch(STAGE, compact, (n + COMPACT_BLOCK - 1) / COMPACT_BLOCK, 1, COMPACT_BLOCK, 1, 0,
                KernelArguments.of(winners.pointer(), features.positions.pointer(), n, found.pointer()));
        found.downloadAsync(foundStaging, foundBytes);
        cuda.synchronize(STAGE);
        return readFound(n, feature, slot, x, y);
    }

    /** The downloaded winners, in increasing feature order. */
    private int readFound(int n, int[] feature, int[] slot, float[] x, float[] y) {
        foundStaging.getInts(0, header, 0, 1);
        int count = header[0];
        if (count < 0 || count > n)
            throw new IllegalStateException(STAGE + ": the device reported " + count + " winners for " + n
                    + " features");
        if (records.length < RECORD_INTS * count)
            records = new int[RECORD_INTS * Math.max(count, n)];
        foundStaging.getInts(4L * HEADER_INTS, records, 0, RECORD_INTS * count);
        // the records come in no particular order: put them in feature order (each feature is won at most once)
        if (recordOf.length < n)
            recordOf = new int[n];
        Arrays.fill(recordOf, 0, n, -1);
        for (int k = 0; k < count; k++) {
            int f = records[RECORD_INTS * k];
            if (f < 0 || f >= n || recordOf[f] >= 0)
                throw new IllegalStateException(STAGE + ": the device reported feature " + f + " of " + n
                        + (f >= 0 && f < n ? " twice" : ""));
            recordOf[f] = k;
        }
        int k = 0;
        for (int f = 0; f < n; f++) {
            if (recordOf[f] < 0)
                continue;
            int r = RECORD_INTS * recordOf[f];
            feature[k] = f;
            slot[k] = records[r + 1];
            x[k] = Float.intBitsToFloat(records[r + 2]);
            y[k++] = Float.intBitsToFloat(records[r + 3]);
        }
        return count;
    }

    @Override
    public void close() {
        WorkingBuffers.closeAll(mapWords, slots, free, winners, found, scales, mapStaging, slotStaging, freeStaging,
                foundStaging, scaleStaging);
    }
}
