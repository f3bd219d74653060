import InvoiDocument
import Testing

@testable import InvoiCairo

/// An artifact drawn between two pieces of one leaf element would close the leaf (Cairo marks
/// only leaves), splitting the element in two: it is drawn before the leaf instead, but only
/// where that cannot change the page.
@Suite struct LeafOrderTests {
    let title = ContentRole.structure([StructureNode(.title)])

    func text(_ x: Double, _ role: ContentRole) -> DrawOp {
        .text(
            TextOp(
                text: "word", font: FontSpec(weight: .regular, size: 12), color: .black, tracking: 0,
                origin: Point(x: x, y: 20), direction: .leftToRight, runs: [],
                box: Rect(x: x, y: 10, width: 60, height: 14), alignment: .left, role: role))
    }

    func frame(_ x: Double) -> DrawOp {
        .rect(
            RectOp(
                rect: Rect(x: x, y: 8, width: 50, height: 18), stroke: Stroke(width: 1, color: .black),
                role: .artifact(.layout)))
    }

    @Test func aFrameBesideTheTitleIsDrawnBeforeIt() {
        // Title, the mark's frame, the mark's word (inside the frame), then the next element.
        let ops = [text(0, title), frame(100), text(105, title), text(0, .structure([StructureNode(.paragraph)]))]
        #expect(StructureTags.orderKeepingLeavesWhole(ops) == [1, 0, 2, 3])
    }

    @Test func aFrameOverTheTitleStaysWhereItIs() {
        // Drawn before the title, the frame would go under it: the page could change.
        #expect(StructureTags.orderKeepingLeavesWhole([text(0, title), frame(40), text(105, title)]) == nil)
    }

    @Test func anArtifactBetweenTwoElementsStays() {
        let ops = [
            text(0, .structure([StructureNode(.paragraph, 0)])), frame(100),
            text(105, .structure([StructureNode(.paragraph, 1)])),
        ]
        #expect(StructureTags.orderKeepingLeavesWhole(ops) == nil)
    }

    @Test func anArtifactGroupStays() {
        // A group's extent is not known without its transform and ops: it is never moved.
        let group = DrawOp.group(GroupOp(transform: .identity, ops: [frame(100)], contentRole: .artifact(.layout)))
        #expect(StructureTags.orderKeepingLeavesWhole([text(0, title), group, text(105, title)]) == nil)
    }
}
