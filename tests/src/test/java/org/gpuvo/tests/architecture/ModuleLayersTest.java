package org.gpuvo.tests.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The modules' layers, checked on the compiled production classes: gpu, then odometry, then ros_package (the node,
 * bags, CDR), then app (the command line and what measures gpuvo). A lower layer knows nothing of a higher one; the
 * libraries carry none of the command line's or the measurements' dependencies; odometry reaches the GPU only through
 * the gpu module's factory interfaces, never through a backend's classes.
 */
class ModuleLayersTest {
    private static final String GPU = "org.gpuvo.gpu..";
    private static final String ODOMETRY = "org.gpuvo.odometry..";
    private static final String ROS = "org.gpuvo.ros..";
    private static final String APP = "org.gpuvo.app..";

    private static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter()
                .withImportOption(ModuleLayersTest::isProductionClass)
                .importPackages("org.gpuvo");
        // a rule over no classes passes: make sure every layer was found
        for (String layer : new String[]{"org.gpuvo.gpu.", "org.gpuvo.odometry.", "org.gpuvo.ros.", "org.gpuvo.app."})
            assertThat(production.stream().filter(c -> c.getName().startsWith(layer)).count())
                    .as("production classes under %s", layer).isGreaterThan(10);
    }

    /** Main classes only: not test classes of any module (directories or the gpu module's test jar). */
    private static boolean isProductionClass(Location location) {
        return new ImportOption.DoNotIncludeTests().includes(location) && !location.contains("-tests.jar")
                && !location.contains("/test-classes/");
    }

    @Test
    void gpuKnowsNothingOfTheLayersAboveIt() {
        check(noClasses().that().resideInAPackage(GPU)
                .should().dependOnClassesThat().resideInAnyPackage(ODOMETRY, ROS, APP));
    }

    @Test
    void odometryKnowsNothingOfRosOrTheCommandLine() {
        check(noClasses().that().resideInAPackage(ODOMETRY)
                .should().dependOnClassesThat().resideInAnyPackage(ROS, APP));
    }

    @Test
    void rosPackageKnowsNothingOfTheCommandLine() {
        check(noClasses().that().resideInAPackage(ROS)
                .should().dependOnClassesThat().resideInAPackage(APP));
    }

    @Test
    void librariesCarryNoneOfTheCommandLinesOrMeasurementsDependencies() {
        check(noClasses().that().resideInAnyPackage(GPU, ODOMETRY, ROS)
                .should().dependOnClassesThat().resideInAnyPackage(
                        "picocli..", "org.knowm.xchart..", "me.tongfei.progressbar..", "org.bytedeco..",
                        "boofcv.abst.feature..", "boofcv.alg.feature..", "boofcv.factory.feature.."));
    }

    @Test
    void theNodeUsesNeitherBagsNorReplay() {
        check(noClasses().that().resideInAPackage("org.gpuvo.ros.node..")
                .should().dependOnClassesThat().resideInAnyPackage("org.gpuvo.ros.bag..", "org.gpuvo.ros.replay.."));
    }

    @Test
    void odometryReachesTheGpuOnlyThroughItsFactoryInterfaces() {
        check(noClasses().that().resideInAPackage(ODOMETRY)
                .should().dependOnClassesThat().resideInAnyPackage("org.gpuvo.gpu.cuda..", "org.gpuvo.gpu.cpu.."));
    }

    private static void check(ArchRule rule) {
        rule.check(production);
    }
}
