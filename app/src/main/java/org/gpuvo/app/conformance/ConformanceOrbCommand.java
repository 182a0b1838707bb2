package org.gpuvo.app.conformance;

import me.tongfei.progressbar.ProgressBar;
import org.gpuvo.app.AbstractCommand;
import org.gpuvo.app.ImageInputs;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.OrbOptions;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.app.opencv.OrbConformance;
import org.gpuvo.app.opencv.OrbConformance.NamedImage;
import org.gpuvo.app.opencv.OrbConformanceReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code gpuvo conformance orb}: how interchangeable gpuvo's ORB is with OpenCV's on the given images, so that
 * anyone can check compatibility on their own data. Images are measured one at a time (with progress shown) and
 * the per-image counts pooled, so memory stays bounded by one image whatever the number of images.
 */
@Command(name = "orb", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compares gpuvo's CPU ORB with OpenCV's cv::ORB (same parameters) on the given images:",
                "descriptors computed on OpenCV's keypoints (bit-identical fraction, mean Hamming distance) and "
                        + "keypoints (recall and precision against OpenCV's, same level, within "
                        + OrbConformance.MATCH_RADIUS_PX + " px)."})
final class ConformanceOrbCommand extends AbstractCommand {
    @Parameters(arity = "1..*", paramLabel = "DIR_OR_IMAGE",
            description = "Image files, or directories whose *.png, *.jpg, *.jpeg and *.pgm files are taken (sorted; "
                    + "subfolders down to 3 levels, e.g. EuRoC's mav0/cam0/data).")
    List<Path> paths = new ArrayList<>();

    @Mixin
    OrbOptions orb;

    @Mixin
    JsonOutput json;

    @Override
    public Integer call() throws Exception {
        ConfigOrb config = orb.checked(orb.toConfig());
        List<Path> files = ImageInputs.collect(paths, spec.commandLine());
        List<OrbConformanceReport.PerImage> perImage = new ArrayList<>();
        try (ProgressBar progress = ConformanceProgress.bar("conformance", " images", files.size());
             OrbConformance conformance = new OrbConformance(config)) {
            for (Path file : files) {
                NamedImage image = new NamedImage(file.toString(), ImageInputs.read(file, spec.commandLine()));
                perImage.add(conformance.measure(image));
                progress.step();
            }
        }
        OrbConformanceReport report = OrbConformance.pool(perImage);
        ConformanceTable.print(report, json.text());
        json.write(ConformanceTable.json(report));
        return 0;
    }
}
