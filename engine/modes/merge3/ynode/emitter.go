package ynode

import "strings"

type emitState uint8

const (
	streamStartState emitState = iota
	firstDocumentStartState
	documentStartState
	documentContentState
	documentEndState
	flowSequenceFirstItemState
	flowSequenceTrailItemState
	flowSequenceItemState
	flowMappingFirstKeyState
	flowMappingTrailKeyState
	flowMappingKeyState
	flowMappingSimpleValueState
	flowMappingValueState
	blockSequenceFirstItemState
	blockSequenceItemState
	blockMappingFirstKeyState
	blockMappingKeyState
	blockMappingSimpleValueState
	blockMappingValueState
	endState
)

// emitter writes events as yaml.v3's emitter does, with kyaml's settings: indent 2, compact
// sequences, unicode, no line folding.
type emitter struct {
	out        strings.Builder
	evs        []event
	head       int // index of the event being processed
	state      emitState
	states     []emitState
	indent     int
	indents    []int
	flowLevel  int
	bestIndent int
	compactSeq bool

	rootContext, sequenceContext, mappingContext, simpleKeyContext bool

	line, column             int
	whitespace, indention    bool
	openEnded                bool
	footIndent               int
	headComment, lineComment string
	footComment, tailComment string
	keyLineComment           string
	scalarData               scalarAnalysis
	tagHandle, tagSuffix     string
	layout                   map[*Node]int
	ends                     map[*Node]int
}

// Layout records the line (1-based) each written node starts on (for a map's value, the line of
// its key; for a sequence item, the line of its "-") and the line it ends on.
type Layout struct {
	lines, ends map[*Node]int
}

// Line returns where n was written, 0 when it was not.
func (l *Layout) Line(n *Node) int {
	if l == nil {
		return 0
	}
	return l.lines[n]
}

// EndLine returns the last line n's text takes, 0 when it was not written.
func (l *Layout) EndLine(n *Node) int {
	if l == nil {
		return 0
	}
	return l.ends[n]
}

// Emit writes roots as a YAML stream, one document each, exactly as kyaml's writers do (kio's
// ByteWriter, RNode.String): "---" before every document but the first. A root may be a
// DocumentNode, to carry the document's own comments.
func Emit(roots []*Node) (string, *Layout) {
	e := &emitter{evs: events(roots), bestIndent: 2, compactSeq: true, layout: map[*Node]int{}, ends: map[*Node]int{}}
	for e.head = 0; e.head < len(e.evs); e.head++ {
		ev := &e.evs[e.head]
		e.analyzeEvent(ev)
		e.stateMachine(ev)
	}
	return e.out.String(), &Layout{lines: e.layout, ends: e.ends}
}

// EmitNode writes one node as a document.
func EmitNode(n *Node) string {
	text, _ := Emit([]*Node{n})
	return text
}

func (e *emitter) stateMachine(ev *event) {
	switch e.state {
	case streamStartState:
		e.emitStreamStart()
	case firstDocumentStartState:
		e.emitDocumentStart(ev, true)
	case documentStartState:
		e.emitDocumentStart(ev, false)
	case documentContentState:
		e.emitDocumentContent(ev)
	case documentEndState:
		e.emitDocumentEnd(ev)
	case flowSequenceFirstItemState:
		e.emitFlowSequenceItem(ev, true, false)
	case flowSequenceTrailItemState:
		e.emitFlowSequenceItem(ev, false, true)
	case flowSequenceItemState:
		e.emitFlowSequenceItem(ev, false, false)
	case flowMappingFirstKeyState:
		e.emitFlowMappingKey(ev, true, false)
	case flowMappingTrailKeyState:
		e.emitFlowMappingKey(ev, false, true)
	case flowMappingKeyState:
		e.emitFlowMappingKey(ev, false, false)
	case flowMappingSimpleValueState:
		e.emitFlowMappingValue(ev, true)
	case flowMappingValueState:
		e.emitFlowMappingValue(ev, false)
	case blockSequenceFirstItemState:
		e.emitBlockSequenceItem(ev, true)
	case blockSequenceItemState:
		e.emitBlockSequenceItem(ev, false)
	case blockMappingFirstKeyState:
		e.emitBlockMappingKey(ev, true)
	case blockMappingKeyState:
		e.emitBlockMappingKey(ev, false)
	case blockMappingSimpleValueState:
		e.emitBlockMappingValue(ev, true)
	case blockMappingValueState:
		e.emitBlockMappingValue(ev, false)
	}
}

func (e *emitter) pushState(s emitState) { e.states = append(e.states, s) }

func (e *emitter) popState() {
	e.state = e.states[len(e.states)-1]
	e.states = e.states[:len(e.states)-1]
}

func (e *emitter) popIndent() {
	e.indent = e.indents[len(e.indents)-1]
	e.indents = e.indents[:len(e.indents)-1]
}

func (e *emitter) increaseIndent(flow, indentless, compactSeq bool) {
	e.indents = append(e.indents, e.indent)
	switch {
	case e.indent < 0:
		if flow {
			e.indent = e.bestIndent
		} else {
			e.indent = 0
		}
	case !indentless:
		if len(e.states) > 0 && e.states[len(e.states)-1] == blockSequenceItemState {
			e.indent += 2
		} else {
			e.indent = e.bestIndent * ((e.indent + e.bestIndent) / e.bestIndent)
			if compactSeq {
				e.indent -= 2
			}
		}
	}
}

func (e *emitter) emitStreamStart() {
	e.indent = -1
	e.whitespace, e.indention = true, true
	e.footIndent = -1
	e.state = firstDocumentStartState
}

func (e *emitter) emitDocumentStart(ev *event, first bool) {
	if ev.typ == streamEndEvent {
		if e.openEnded {
			e.writeIndicator("...", true, false, false)
			e.writeIndent()
		}
		e.state = endState
		return
	}
	if !first {
		e.writeIndent()
		e.writeIndicator("---", true, false, false)
		e.writeIndent()
	}
	if e.headComment != "" {
		e.processHeadComment()
		e.putBreak()
	}
	e.state = documentContentState
}

func (e *emitter) emitDocumentContent(ev *event) {
	e.pushState(documentEndState)
	e.processHeadComment()
	e.record(ev.node)
	e.emitNode(ev, true, false, false, false)
	e.processLineComment(false)
	e.processFootComment()
}

func (e *emitter) emitDocumentEnd(_ *event) {
	e.footIndent = 0
	e.processFootComment()
	e.footIndent = -1
	e.writeIndent()
	e.state = documentStartState
}

func (e *emitter) emitFlowSequenceItem(ev *event, first, trail bool) {
	if first {
		e.writeIndicator("[", true, true, false)
		e.increaseIndent(true, false, false)
		e.flowLevel++
	}
	if ev.typ == sequenceEndEvent {
		e.flowLevel--
		e.popIndent()
		if e.column == 0 {
			e.writeIndent()
		}
		e.writeIndicator("]", false, false, false)
		e.recordEnd(ev.node)
		e.processLineComment(false)
		e.processFootComment()
		e.popState()
		return
	}
	if !first && !trail {
		e.writeIndicator(",", false, false, false)
	}
	e.processHeadComment()
	if e.column == 0 {
		e.writeIndent()
	}
	e.record(ev.node)
	if e.hasTrailingComments() {
		e.pushState(flowSequenceTrailItemState)
	} else {
		e.pushState(flowSequenceItemState)
	}
	e.emitNode(ev, false, true, false, false)
	if e.hasTrailingComments() {
		e.writeIndicator(",", false, false, false)
	}
	e.processLineComment(false)
	e.processFootComment()
}

func (e *emitter) hasTrailingComments() bool {
	return e.lineComment != "" || e.footComment != "" || e.tailComment != ""
}

func (e *emitter) emitFlowMappingKey(ev *event, first, trail bool) {
	if first {
		e.writeIndicator("{", true, true, false)
		e.increaseIndent(true, false, false)
		e.flowLevel++
	}
	if ev.typ == mappingEndEvent {
		if e.headComment != "" || e.footComment != "" || e.tailComment != "" {
			if !first && !trail {
				e.writeIndicator(",", false, false, false)
			}
		}
		e.processHeadComment()
		e.flowLevel--
		e.popIndent()
		e.writeIndicator("}", false, false, false)
		e.recordEnd(ev.node)
		e.processLineComment(false)
		e.processFootComment()
		e.popState()
		return
	}
	if !first && !trail {
		e.writeIndicator(",", false, false, false)
	}
	e.processHeadComment()
	if e.column == 0 {
		e.writeIndent()
	}
	e.record(ev.node)
	e.record(ev.owner)
	if e.checkSimpleKey() {
		e.pushState(flowMappingSimpleValueState)
		e.emitNode(ev, false, false, true, true)
		return
	}
	e.writeIndicator("?", true, false, false)
	e.pushState(flowMappingValueState)
	e.emitNode(ev, false, false, true, false)
}

func (e *emitter) emitFlowMappingValue(ev *event, simple bool) {
	if simple {
		e.writeIndicator(":", false, false, false)
	} else {
		e.writeIndicator(":", true, false, false)
	}
	if e.hasTrailingComments() {
		e.pushState(flowMappingTrailKeyState)
	} else {
		e.pushState(flowMappingKeyState)
	}
	e.emitNode(ev, false, false, true, false)
	if e.hasTrailingComments() {
		e.writeIndicator(",", false, false, false)
	}
	e.processLineComment(false)
	e.processFootComment()
}

func (e *emitter) emitBlockSequenceItem(ev *event, first bool) {
	if first {
		seq := e.mappingContext && (e.column == 0 || !e.indention) && e.compactSeq
		e.increaseIndent(false, false, seq)
	}
	if ev.typ == sequenceEndEvent {
		e.recordEnd(ev.node)
		e.popIndent()
		e.popState()
		return
	}
	e.processHeadComment()
	e.writeIndent()
	e.writeIndicator("-", true, false, true)
	e.record(ev.node)
	e.pushState(blockSequenceItemState)
	e.emitNode(ev, false, true, false, false)
	e.processLineComment(false)
	e.processFootComment()
}

func (e *emitter) emitBlockMappingKey(ev *event, first bool) {
	if first {
		e.increaseIndent(false, false, false)
	}
	e.processHeadComment()
	if ev.typ == mappingEndEvent {
		e.recordEnd(ev.node)
		e.popIndent()
		e.popState()
		return
	}
	e.writeIndent()
	if e.lineComment != "" {
		e.keyLineComment = e.lineComment
		e.lineComment = ""
	}
	e.record(ev.node)
	e.record(ev.owner)
	if e.checkSimpleKey() {
		e.pushState(blockMappingSimpleValueState)
		e.emitNode(ev, false, false, true, true)
		return
	}
	e.writeIndicator("?", true, false, true)
	e.pushState(blockMappingValueState)
	e.emitNode(ev, false, false, true, false)
}

func (e *emitter) emitBlockMappingValue(ev *event, simple bool) {
	if simple {
		e.writeIndicator(":", false, false, false)
	} else {
		e.writeIndent()
		e.writeIndicator(":", true, false, true)
	}
	if e.keyLineComment != "" {
		switch {
		case ev.typ == scalarEvent:
			if e.lineComment == "" {
				e.lineComment = e.keyLineComment
				e.keyLineComment = ""
			}
		case !ev.flow && (ev.typ == mappingStartEvent || ev.typ == sequenceStartEvent):
			e.lineComment, e.keyLineComment = e.keyLineComment, e.lineComment
			e.processLineComment(false)
			e.lineComment, e.keyLineComment = e.keyLineComment, e.lineComment
		}
	}
	e.pushState(blockMappingKeyState)
	e.emitNode(ev, false, false, true, false)
	e.processLineComment(false)
	e.processFootComment()
}

func (e *emitter) emitNode(ev *event, root, sequence, mapping, simpleKey bool) {
	e.rootContext, e.sequenceContext, e.mappingContext, e.simpleKeyContext = root, sequence, mapping, simpleKey
	switch ev.typ {
	case scalarEvent:
		e.emitScalar(ev)
	case sequenceStartEvent:
		e.processTag()
		if e.flowLevel > 0 || ev.flow || e.checkEmpty(sequenceEndEvent) {
			e.state = flowSequenceFirstItemState
		} else {
			e.state = blockSequenceFirstItemState
		}
	case mappingStartEvent:
		e.processTag()
		if e.flowLevel > 0 || ev.flow || e.checkEmpty(mappingEndEvent) {
			e.state = flowMappingFirstKeyState
		} else {
			e.state = blockMappingFirstKeyState
		}
	}
}

func (e *emitter) emitScalar(ev *event) {
	e.selectScalarStyle(ev)
	e.processTag()
	e.increaseIndent(true, false, false)
	e.processScalar()
	e.recordEnd(ev.node)
	e.popIndent()
	e.popState()
}

// checkEmpty reports whether the event after the current one is end (an empty collection).
func (e *emitter) checkEmpty(end eventType) bool {
	return e.head+1 < len(e.evs) && e.evs[e.head+1].typ == end
}

// checkSimpleKey reports whether the current event can be written as a simple key.
func (e *emitter) checkSimpleKey() bool {
	ev := &e.evs[e.head]
	length := 0
	switch ev.typ {
	case scalarEvent:
		if e.scalarData.multiline {
			return false
		}
		length = len(e.tagHandle) + len(e.tagSuffix) + len(e.scalarData.value)
	case sequenceStartEvent:
		if !e.checkEmpty(sequenceEndEvent) {
			return false
		}
		length = len(e.tagHandle) + len(e.tagSuffix)
	case mappingStartEvent:
		if !e.checkEmpty(mappingEndEvent) {
			return false
		}
		length = len(e.tagHandle) + len(e.tagSuffix)
	default:
		return false
	}
	return length <= 128
}

// recordEnd notes the line n ended on: the current one, or the one before when a line break was
// just written.
func (e *emitter) recordEnd(n *Node) {
	if n == nil {
		return
	}
	if e.column == 0 {
		e.ends[n] = e.line
	} else {
		e.ends[n] = e.line + 1
	}
}

// record notes the current line for n.
func (e *emitter) record(n *Node) {
	if n != nil {
		e.layout[n] = e.line + 1
	}
}
