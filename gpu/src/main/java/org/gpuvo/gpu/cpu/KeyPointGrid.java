package org.gpuvo.gpu.cpu;

import org.gpuvo.gpu.features.KeyPoints;

import java.util.Arrays;

/**
 * A uniform grid of buckets over keypoint positions, so that the keypoints near a point are found without
 * looking at all of them. Cells are at least as large as the search radius (larger when the points are spread
 * so far apart that the grid would need more cells than a small multiple of the point count); the indices in a
 * cell are in increasing order. Keypoints with non-finite coordinates are left out. Buffers are reused.
 */
final class KeyPointGrid {
    private double minX, minY, cellSize;
    private int cols, rows;
    /** {@code cellStart[c] .. cellStart[c+1]} delimit cell {@code c}'s entries in {@link #pointIndex} */
    private int[] cellStart = new int[0];
    private int[] pointIndex = new int[0];
    private int[] cellOfPoint = new int[0];

    /** Buckets the first {@code count} keypoints of {@code points} for searches of radius {@code radius}. */
    void build(KeyPoints points, int count, double radius) {
        double loX = Double.POSITIVE_INFINITY, loY = Double.POSITIVE_INFINITY;
        double hiX = Double.NEGATIVE_INFINITY, hiY = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < count; i++) {
            float x = points.x[i], y = points.y[i];
            if (!Float.isFinite(x) || !Float.isFinite(y))
                continue;
            loX = Math.min(loX, x);
            loY = Math.min(loY, y);
            hiX = Math.max(hiX, x);
            hiY = Math.max(hiY, y);
        }
        if (loX > hiX) {  // no finite point
            cols = rows = 0;
            return;
        }
        minX = loX;
        minY = loY;
        double maxCells = 4.0 * count + 64;
        cellSize = radius;
        // counted in doubles: coordinates up to Float.MAX_VALUE would overflow a long product
        while ((Math.floor((hiX - loX) / cellSize) + 1) * (Math.floor((hiY - loY) / cellSize) + 1) > maxCells)
            cellSize *= 2;
        cols = (int) cellsFor(hiX - loX);
        rows = (int) cellsFor(hiY - loY);
        int cells = cols * rows;

        if (cellStart.length < cells + 1)
            cellStart = new int[cells + 1];
        if (cellOfPoint.length < count)
            cellOfPoint = new int[count];
        if (pointIndex.length < count)
            pointIndex = new int[count];
        Arrays.fill(cellStart, 0, cells + 1, 0);
        for (int i = 0; i < count; i++) {
            float x = points.x[i], y = points.y[i];
            if (!Float.isFinite(x) || !Float.isFinite(y)) {
                cellOfPoint[i] = -1;
                continue;
            }
            int c = row(y) * cols + col(x);
            cellOfPoint[i] = c;
            cellStart[c + 1]++;
        }
        for (int c = 0; c < cells; c++)
            cellStart[c + 1] += cellStart[c];
        // stable counting sort: each cell lists its points in increasing index order
        for (int i = 0; i < count; i++) {
            int c = cellOfPoint[i];
            if (c >= 0)
                pointIndex[cellStart[c]++] = i;
        }
        // cellStart[c] now holds the end of cell c; shift back to starts
        for (int c = cells; c > 0; c--)
            cellStart[c] = cellStart[c - 1];
        cellStart[0] = 0;
    }

    private long cellsFor(double extent) {
        return (long) Math.floor(extent / cellSize) + 1;
    }

    private int col(double x) {
        return (int) Math.min(cols - 1, Math.max(0, Math.floor((x - minX) / cellSize)));
    }

    private int row(double y) {
        return (int) Math.min(rows - 1, Math.max(0, Math.floor((y - minY) / cellSize)));
    }

    /** True when the grid holds no point. */
    boolean isEmpty() {
        return cols == 0;
    }

    /** Cell range of a search: fills {@code range} with first column, last column, first row, last row. */
    boolean cellRange(double px, double py, double radius, int[] range) {
        if (cols == 0)
            return false;
        double maxX = minX + cols * cellSize, maxY = minY + rows * cellSize;
        if (px + radius < minX || px - radius > maxX || py + radius < minY || py - radius > maxY)
            return false;
        range[0] = col(px - radius);
        range[1] = col(px + radius);
        range[2] = row(py - radius);
        range[3] = row(py + radius);
        return true;
    }

    /**
     * Start, in bucket order, of the points of cells {@code firstCol..} of row {@code row}: cells are stored row
     * by row, so the cells of one row of a search range are one contiguous span.
     */
    int spanBegin(int row, int firstCol) {
        return cellStart[row * cols + firstCol];
    }

    /** End (exclusive) of the span that {@link #spanBegin} starts, through cell {@code lastCol}. */
    int spanEnd(int row, int lastCol) {
        return cellStart[row * cols + lastCol + 1];
    }

    /** Number of points in the grid: those with finite coordinates. */
    int size() {
        return cols == 0 ? 0 : cellStart[cols * rows];
    }

    /** The keypoint index at position {@code k} of the bucket order, {@code 0 <= k < size()}. */
    int pointAt(int k) {
        return pointIndex[k];
    }
}
