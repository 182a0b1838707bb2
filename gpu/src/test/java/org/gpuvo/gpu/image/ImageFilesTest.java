package org.gpuvo.gpu.image;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ImageFilesTest {
    @Test
    void paletteAndOneBitPngsReadAsTheirIntensities(@TempDir Path dir) throws Exception {
        byte[] grey = {0, (byte) 100, (byte) 200, (byte) 255};
        BufferedImage palette = new BufferedImage(4, 1, BufferedImage.TYPE_BYTE_INDEXED,
                new IndexColorModel(2, 4, grey, grey, grey));
        for (int x = 0; x < 4; x++)
            palette.getRaster().setSample(x, 0, 0, 3 - x);
        Path p = dir.resolve("palette.png");
        ImageIO.write(palette, "png", p.toFile());
        GrayImage read = ImageFiles.readGray(p);
        assertThat(new int[]{read.get(0, 0), read.get(1, 0), read.get(2, 0), read.get(3, 0)})
                .containsExactly(255, 200, 100, 0);

        BufferedImage binary = new BufferedImage(2, 1, BufferedImage.TYPE_BYTE_BINARY);
        binary.getRaster().setSample(1, 0, 0, 1);
        Path b = dir.resolve("binary.png");
        ImageIO.write(binary, "png", b.toFile());
        GrayImage bits = ImageFiles.readGray(b);
        assertThat(new int[]{bits.get(0, 0), bits.get(1, 0)}).containsExactly(0, 255);
    }
}
