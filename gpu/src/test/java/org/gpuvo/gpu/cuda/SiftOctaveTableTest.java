package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.gpuvo.gpu.cpu.sift.SiftScaleSpace;
import org.gpuvo.gpu.features.ConfigSift;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The CUDA SIFT's octave geometry against the CPU reference's, and the device records it writes. */
class SiftOctaveTableTest {
    private static ConfigSift config(int firstOctave, int octaves) {
        ConfigSift c = new ConfigSift();
        c.firstOctave = firstOctave;
        c.octaves = octaves;
        return c;
    }

    @ParameterizedTest(name = "{0}x{1}, first octave {2}, octaves {3}")
    @CsvSource({"1280,720,0,0", "1920,1080,0,0", "1920,1080,-1,0", "1226,370,0,0", "752,480,-1,0", "641,479,0,0",
            "37,23,0,0", "37,23,-1,0", "16,16,0,0", "15,100,0,0", "8,8,-1,0", "1,1,0,0", "16384,16384,-1,0",
            "1280,720,0,3", "1280,720,-1,2"})
    void octavesAreTheReferencesAndTileTheBuffer(int w, int h, int firstOctave, int octaves) {
        ConfigSift c = config(firstOctave, octaves);
        SiftOctaveTable t = new SiftOctaveTable(c, w, h);
        assertThat(t.count).isEqualTo(SiftScaleSpace.octaveCount(w, h, c));
        assertThat(t.levels).isEqualTo(c.levelsPerOctave + 3);
        long next = 0;
        int tiles = 0;
        int ow = firstOctave < 0 ? 2 * w : w, oh = firstOctave < 0 ? 2 * h : h;
        for (int i = 0; i < t.count; i++) {
            assertThat(t.octave(i)).isEqualTo(firstOctave + i);
            assertThat(t.width[i]).isEqualTo(ow);
            assertThat(t.height[i]).isEqualTo(oh);
            assertThat(Math.min(ow, oh)).isGreaterThanOrEqualTo(c.minOctaveSide());
            assertThat(t.pitch[i]).isGreaterThanOrEqualTo(ow).isLessThan(ow + SiftOctaveTable.PITCH_FLOATS);
            assertThat(t.pitch[i] % SiftOctaveTable.PITCH_FLOATS).isZero();
            assertThat(t.levelStride[i]).isEqualTo((long) t.pitch[i] * oh);
            assertThat(t.base[i]).isEqualTo(next);
            next += t.levelStride[i] * t.levels;
            assertThat(t.extremaTileStart[i]).isEqualTo(tiles);
            assertThat(t.extremaTilesX[i] * SiftOctaveTable.EXTREMA_TILE_W).isGreaterThanOrEqualTo(ow)
                    .isLessThan(ow + SiftOctaveTable.EXTREMA_TILE_W);
            int octaveTiles = t.extremaTilesX[i] * SiftOctaveTable.ceilDiv(oh, SiftOctaveTable.EXTREMA_TILE_H);
            assertThat(t.extremaTiles(i, 1)).isEqualTo(octaveTiles);
            assertThat(t.extremaTiles(0, i + 1)).isEqualTo(tiles + octaveTiles);
            assertThat(t.extremaTiles(i, t.count - i)).isEqualTo(t.extremaTiles - tiles);
            tiles += octaveTiles;
            assertThat(t.blurTilesX(i) * SiftOctaveTable.BLUR_TILE).isGreaterThanOrEqualTo(ow);
            assertThat(t.blurTilesY(i) * SiftOctaveTable.BLUR_TILE).isGreaterThanOrEqualTo(oh);
            ow /= 2;
            oh /= 2;
        }
        assertThat(t.spaceFloats).isEqualTo(next);
        assertThat(t.extremaTiles).isEqualTo(tiles);
        if (octaves == 0)
            assertThat(Math.min(ow, oh)).as("no further octave fits").isLessThan(c.minOctaveSide());
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1280,720", "37,23"})
    void recordsAreWrittenAsTheKernelsReadThem(int w, int h) {
        SiftOctaveTable t = new SiftOctaveTable(config(-1, 0), w, h);
        ByteBuffer b = ByteBuffer.wrap(t.write()).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.capacity()).isEqualTo(t.count * SiftOctaveTable.RECORD_BYTES);
        for (int i = 0; i < t.count; i++) {
            int at = i * SiftOctaveTable.RECORD_BYTES;
            assertThat(b.getLong(at)).isEqualTo(t.base[i]);
            assertThat(b.getLong(at + 8)).isEqualTo(t.levelStride[i]);
            assertThat(b.getInt(at + 16)).isEqualTo(t.width[i]);
            assertThat(b.getInt(at + 20)).isEqualTo(t.height[i]);
            assertThat(b.getInt(at + 24)).isEqualTo(t.pitch[i]);
            assertThat(b.getInt(at + 28)).isEqualTo(i - 1);
            assertThat(b.getInt(at + 32)).isEqualTo(t.extremaTileStart[i]);
            assertThat(b.getInt(at + 36)).isEqualTo(t.extremaTilesX[i]);
        }
    }
}
