package io.github.fastdecode.parquet.bitpacking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/** The checked-in packer is exactly what {@link BitPackerGenerator} writes. */
class BitPackerGeneratorTest {

  @Test
  void checkedInSourceIsUpToDate() throws IOException {
    Path file = Paths.get("../parquet-fastdecode-core/src/main/java/io/github/fastdecode/parquet/bitpacking/"
        + BitPackerGenerator.CLASS_NAME + ".java");
    String checkedIn = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    assertEquals(BitPackerGenerator.generate(), checkedIn,
        file + " differs from the generator's output: run BitPackerGenerator.main and commit the result");
  }
}
