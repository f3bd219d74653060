import InvoiDocument
import Testing

@testable import InvoiQRCode

struct QRCodeEncoderTests {
    @Test func theSmallestCodeThatHoldsTheText() throws {
        let code = try QRCodeEncoder.encode("HELLO", level: .medium)
        #expect(code.version == 1)
        #expect(code.matrix.size == 21)
        // The three finder patterns: a dark 7 × 7 ring in three corners, light inside the ring.
        for (row, column) in [(0, 0), (0, 14), (14, 0)] {
            #expect(code.matrix[row, column] && code.matrix[row + 6, column + 6])
            #expect(!code.matrix[row + 1, column + 1])
            #expect(code.matrix[row + 3, column + 3])
        }
    }

    @Test func aHigherLevelOrLongerTextNeedsALargerVersion() throws {
        let text = String(repeating: "GiroCode ", count: 20)
        let medium = try QRCodeEncoder.encode(text, level: .medium)
        let high = try QRCodeEncoder.encode(text, level: .high)
        #expect(high.version > medium.version)
        #expect(medium.matrix.size == 17 + 4 * medium.version)
    }

    @Test func textBeyondTheLargestVersionIsRefused() {
        #expect(throws: QREncodingFailure.tooLong(bytes: 4000)) {
            _ = try QRCodeEncoder.encode(String(repeating: "x", count: 4000), level: .high)
        }
    }

    @Test func darkRunsCoverExactlyTheDarkModules() throws {
        let matrix = try QRCodeEncoder.encode("https://example.org/pay", level: .medium).matrix
        var covered = [Bool](repeating: false, count: matrix.size * matrix.size)
        for run in matrix.darkRuns {
            for column in run.column..<(run.column + run.length) { covered[run.row * matrix.size + column] = true }
            // Runs are maximal: the modules either side are light.
            #expect(!matrix[run.row, run.column - 1] && !matrix[run.row, run.column + run.length])
        }
        #expect(covered == matrix.modules)
    }
}

struct DarkBlockTests {
    @Test func blocksCoverExactlyTheDarkModulesOnce() throws {
        let matrix = try QRCodeEncoder.encode("SPD*1.0*ACC:CZ6508000000192000145399*AM:480.50*CC:CZK", level: .medium)
            .matrix
        var covered = [Int](repeating: 0, count: matrix.size * matrix.size)
        for block in matrix.darkBlocks {
            for row in block.row..<(block.row + block.height) {
                for column in block.column..<(block.column + block.width) { covered[row * matrix.size + column] += 1 }
            }
        }
        #expect(covered == matrix.modules.map { $0 ? 1 : 0 })
        // The finder patterns' sides merge: fewer blocks than runs.
        #expect(matrix.darkBlocks.count < matrix.darkRuns.count)
    }
}
