package org.gpuvo.odometry.geometry;

/** In-place order statistics on a primitive array (Hoare's quickselect), without the allocation a sort may do. */
public final class Selection {
    private Selection() {
    }

    /** The median of values[0..count) (upper median for even counts); reorders the values. NaN if count is 0. */
    public static double median(double[] values, int count) {
        if (count == 0)
            return Double.NaN;
        return select(values, count, count / 2);
    }

    /** The k-th smallest of values[0..count); reorders the values. */
    public static double select(double[] a, int count, int k) {
        int lo = 0, hi = count - 1;
        while (lo < hi) {
            double pivot = a[(lo + hi) >>> 1];
            int i = lo, j = hi;
            while (i <= j) {
                while (a[i] < pivot)
                    i++;
                while (a[j] > pivot)
                    j--;
                if (i <= j) {
                    double t = a[i];
                    a[i] = a[j];
                    a[j] = t;
                    i++;
                    j--;
                }
            }
            if (k <= j)
                hi = j;
            else if (k >= i)
                lo = i;
            else
                return a[k];
        }
        return a[k];
    }
}
