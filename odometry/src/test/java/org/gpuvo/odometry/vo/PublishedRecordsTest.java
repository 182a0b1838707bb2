package org.gpuvo.odometry.vo;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A published view never changes, whatever the writer does after it; the records themselves span chunks. */
class PublishedRecordsTest {
    @Test
    void aViewKeepsTheValuesItWasPublishedWith() {
        PublishedRecords records = new PublishedRecords(2, 10);
        for (int i = 0; i < 3000; i++) {
            int r = records.add();
            records.set(r, 0, i);
            records.set(r, 1, -i);
        }
        PublishedRecords.View before = records.publish();
        records.set(5, 0, 42);
        records.set(2500, 1, 43);
        records.set(records.add(), 0, 44);
        PublishedRecords.View after = records.publish();

        assertThat(before.size()).isEqualTo(3000);
        assertThat(before.get(5, 0)).isEqualTo(5);
        assertThat(before.get(2500, 1)).isEqualTo(-2500);
        assertThat(after.size()).isEqualTo(3001);
        assertThat(after.get(5, 0)).isEqualTo(42);
        assertThat(after.get(2500, 1)).isEqualTo(43);
        assertThat(after.get(3000, 0)).isEqualTo(44);
        assertThat(after.get(1500, 0)).isEqualTo(1500);
    }

    @Test
    void forgottenRecordsAreGoneFromLaterViewsOnly() {
        PublishedRecords records = new PublishedRecords(1, 4);
        for (int i = 0; i < 100; i++)
            records.set(records.add(), 0, i);
        PublishedRecords.View before = records.publish();
        records.forgetBelow(40); // whole chunks of 16: records 0 to 31
        PublishedRecords.View after = records.publish();

        assertThat(records.firstKept()).isEqualTo(32);
        assertThat(after.firstKept()).isEqualTo(32);
        assertThat(after.get(32, 0)).isEqualTo(32);
        assertThat(after.get(99, 0)).isEqualTo(99);
        assertThatThrownBy(() -> after.get(31, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("forgotten");
        assertThatThrownBy(() -> records.set(5, 0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(before.get(5, 0)).isEqualTo(5);
        records.set(records.add(), 0, 100);
        assertThat(records.publish().get(100, 0)).isEqualTo(100);
    }
}
