package org.gpuvo.ros.cdr;

import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Time;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Decoding a camera frame copies its pixels once and allocates little else (counted in bytes by the JVM, not timed):
 * the replay path decodes thousands of frames a second.
 */
class ImageDecodingAllocationTest {
    @Test
    void decodingA720pFrameAllocatesThePixelsAndAFewHundredBytes() {
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        assumeTrue(threads instanceof com.sun.management.ThreadMXBean bean && bean.isThreadAllocatedMemorySupported()
                && bean.isThreadAllocatedMemoryEnabled(), "this JVM does not count allocated bytes per thread");
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) threads;
        MessageCodec<Image> codec = MessageCodecs.of(Image.class);
        byte[] pixels = new byte[1280 * 720];
        byte[] blob = codec.encode(new Image(new Header(new Time(1, 2), "cam0"), 720, 1280, "mono8", false, 1280,
                pixels));
        long checksum = 0;
        for (int i = 0; i < 20; i++)
            checksum += codec.decode(blob).data().length;
        int decodes = 20;
        long before = bean.getThreadAllocatedBytes(Thread.currentThread().getId());
        for (int i = 0; i < decodes; i++)
            checksum += codec.decode(blob).data().length;
        long perDecode = (bean.getThreadAllocatedBytes(Thread.currentThread().getId()) - before) / decodes;
        assertThat(checksum).isEqualTo(40L * pixels.length);
        // measured: 921,968 bytes, i.e. the 921,600 pixels (+16 of array header) and ~350 bytes of reader and records
        assertThat(perDecode).isBetween((long) pixels.length, pixels.length + 4096L);
    }
}
