package org.gpuvo.app.run;

import org.gpuvo.odometry.vo.PointCloud;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class PlyWriterTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(PlyWriter.Encoding.class)
    void pointsAndGreyReadBackExactly(PlyWriter.Encoding encoding) throws Exception {
        Random random = new Random(7);
        PointCloud cloud = new PointCloud();
        for (int i = 0; i < 5000; i++)
            cloud.add(random.nextGaussian() * 100, random.nextGaussian() * 1e-4, random.nextDouble() * 1e6,
                    random.nextInt(256));
        Path file = dir.resolve("points.ply");
        PlyWriter.write(cloud, file, encoding);
        PlyFile ply = PlyFile.read(file);
        assertThat(ply.format()).startsWith(encoding == PlyWriter.Encoding.ASCII ? "ascii" : "binary_little_endian");
        assertThat(ply.properties()).containsExactly("float x", "float y", "float z", "uchar red", "uchar green",
                "uchar blue");
        assertThat(ply.vertices()).isEqualTo(5000);
        for (int i = 0; i < cloud.size(); i++) {
            assertThat(ply.xyz()[3 * i]).isEqualTo(cloud.x(i));
            assertThat(ply.xyz()[3 * i + 1]).isEqualTo(cloud.y(i));
            assertThat(ply.xyz()[3 * i + 2]).isEqualTo(cloud.z(i));
            for (int k = 0; k < 3; k++)
                assertThat(ply.rgb()[3 * i + k]).isEqualTo(cloud.grey(i));
        }
    }

    @ParameterizedTest
    @EnumSource(PlyWriter.Encoding.class)
    void anEmptyCloudIsAValidFile(PlyWriter.Encoding encoding) throws Exception {
        Path file = dir.resolve("empty.ply");
        PlyWriter.write(new PointCloud(), file, encoding);
        assertThat(PlyFile.read(file).vertices()).isZero();
    }
}
