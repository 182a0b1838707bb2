package org.gpuvo.ros.bag;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Reading cursors whole in tests. */
public final class Cursors {
    private Cursors() {
    }

    /** Every message of the cursor, which is closed after. */
    public static List<BagMessage> drain(MessageCursor cursor) throws IOException {
        List<BagMessage> all = new ArrayList<>();
        try (cursor) {
            for (BagMessage m = cursor.next(); m != null; m = cursor.next())
                all.add(m);
        }
        return all;
    }

    /** Fails unless the times never decrease. */
    public static void assertInTimeOrder(List<BagMessage> messages) {
        for (int i = 1; i < messages.size(); i++)
            assertThat(messages.get(i).timeNs()).as("message " + i)
                    .isGreaterThanOrEqualTo(messages.get(i - 1).timeNs());
    }
}
