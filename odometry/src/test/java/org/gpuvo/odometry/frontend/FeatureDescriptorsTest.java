package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FeatureType;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.function.IntBinaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

class FeatureDescriptorsTest {
    private static Descriptors random(int n, long seed) {
        Descriptors d = Descriptors.orb();
        d.resize(n);
        new Random(seed).nextBytes(d.data);
        return d;
    }

    private static void assertHamming(FeatureDescriptors a, Descriptors rowsA, FeatureDescriptors b,
                                      Descriptors rowsB) {
        IntBinaryOperator distance = a.distancesTo(b);
        for (int i = 0; i < rowsA.size(); i++)
            for (int j = 0; j < rowsB.size(); j++)
                assertThat(distance.applyAsInt(i, j)).as("(%d, %d)", i, j).isEqualTo(rowsA.hamming(i, rowsB, j));
    }

    /** the rows a set was built of, as its own copy */
    private static Descriptors rowsOf(Descriptors source, int... rows) {
        Descriptors d = Descriptors.orb();
        d.resize(rows.length);
        for (int r = 0; r < rows.length; r++)
            System.arraycopy(source.data, rows[r] * Descriptors.ORB_BYTES, d.data, r * Descriptors.ORB_BYTES,
                    Descriptors.ORB_BYTES);
        return d;
    }

    private static Descriptors concat(Descriptors... parts) {
        Descriptors d = Descriptors.orb();
        int n = 0;
        for (Descriptors p : parts)
            n += p.size();
        d.resize(n);
        int at = 0;
        for (Descriptors p : parts) {
            System.arraycopy(p.data, 0, d.data, at, p.size() * Descriptors.ORB_BYTES);
            at += p.size() * Descriptors.ORB_BYTES;
        }
        return d;
    }

    @Test
    void aSetBuiltRowByRowGivesHammingDistancesAfterEveryChange() {
        Descriptors source = random(40, 1), otherRows = random(7, 2);
        FeatureDescriptors other = new FeatureDescriptors.Binary(otherRows);
        FeatureDescriptors map = FeatureDescriptors.of(FeatureType.ORB);
        map.appendRow(other, 3);
        map.appendRow(new FeatureDescriptors.Binary(source), 5);
        assertHamming(map, concat(rowsOf(otherRows, 3), rowsOf(source, 5)), other, otherRows);
        // rows appended after a comparison are compared too, and a cleared set starts again
        FeatureDescriptors sourceSet = new FeatureDescriptors.Binary(source);
        for (int r = 10; r < 40; r++)
            map.appendRow(sourceSet, r);
        int[] later = new int[30];
        for (int r = 0; r < 30; r++)
            later[r] = 10 + r;
        assertHamming(map, concat(rowsOf(otherRows, 3), rowsOf(source, 5), rowsOf(source, later)), other,
                otherRows);
        map.clear();
        map.appendRow(sourceSet, 0);
        assertHamming(map, rowsOf(source, 0), other, otherRows);
        map.setTo(other);
        assertHamming(map, otherRows, sourceSet, source);
    }

    @Test
    void rowsWrittenByOthersAreReadAtEveryComparison() {
        Descriptors rows = random(5, 3), otherRows = random(6, 4);
        FeatureDescriptors set = new FeatureDescriptors.Binary(rows), other = FeatureDescriptors.of(FeatureType.ORB);
        for (int r = 0; r < 6; r++)
            other.appendRow(new FeatureDescriptors.Binary(otherRows), r);
        assertHamming(set, rows, other, otherRows);
        new Random(5).nextBytes(rows.data);
        assertHamming(set, rows, other, otherRows);
        // handed to a front end: the same holds for a set of its own
        FeatureDescriptors own = FeatureDescriptors.of(FeatureType.ORB);
        Descriptors handed = FeatureDescriptors.binaryRows(own);
        handed.resize(5);
        System.arraycopy(rows.data, 0, handed.data, 0, 5 * Descriptors.ORB_BYTES);
        assertHamming(own, rows, other, otherRows);
        new Random(6).nextBytes(handed.data);
        assertHamming(own, handed, other, otherRows);
    }
}
