package modes

import (
	"context"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is one way Kubernetes merges configuration: everything the handler, the commands, the
// reproduce script and the page know of it. A new mode is a package that returns its Mode and
// one line in handler.Default; nothing else branches on a mode's name.
type Mode struct {
	// Name is the contract's name of the mode, e.g. "apply".
	Name string
	// Short names the mode on the page's mode switch ("kubectl apply"); Title heads it
	// ("kubectl apply").
	Short, Title string
	// Summary says in one sentence what the mode reproduces.
	Summary string
	// Starter names the example the page opens when a reader switches to the mode from an
	// example of another mode (web/modechange.js); empty: none.
	Starter string
	// Rules is how the mode's reference reads YAML scalars: yamltree.YAML11 as kubectl does,
	// yamltree.YAML12 as kyaml does.
	Rules yamltree.Rules
	// Inputs are the inputs the mode uses, in the contract's order, with what each means to
	// it; the others are ignored and not parsed.
	Inputs []Role
	// Options are the options the mode reads, in the order the page offers them (their types
	// and defaults: contract.OptionSpecs). schema and schemaType belong to every mode and are
	// not listed.
	Options []Option
	// Validates says that the mode's reference has the API server validate the config strictly
	// (kubectl apply, kubectl patch, Helm 2's upgrade): before the mode runs, the handler checks
	// updated against the built-in kinds as options.validate asks (package validate).
	Validates bool
	// FieldValidation, when set, is the field validation the tool always gets from the API
	// server, whatever options.validate says (under options.apiServer on: off asks for the
	// libraries' answer, as the differentials do), for a tool without --validate: kubectl patch sends
	// none, and the server's default is warn (observed with kubectl and kube-apiserver v1.37.2,
	// 2026-12-06: an unknown field is patched, `Warning: unknown field "spec.foo"`).
	FieldValidation string
	// GoesOn says that the mode's tool goes on past an object the API server refuses: kubectl
	// apply -f (client-side or --server-side), replace -f and patch send each object of the
	// file, print the accepted ones, print the refusal on standard error and exit 1 (observed
	// with kubectl and kube-apiserver v1.37.2, docs/apiserver.md). The handler then answers
	// the accepted objects as a request without the refused ones, live keeping the refused
	// (extra.refused), rather than refusing the whole request.
	GoesOn bool
	// ReadOnly says that the mode never changes the trees of its inputs, nor does its command
	// writer: the handler then gives it the reading cache's own documents, and an edit copies
	// only the documents whose lines moved (yamltree.Reader.ParseShared), so that a document
	// unchanged since the last request is the same node and the mode's memo (Memo) recognises
	// it. TestReadOnlyModesLeaveTheCacheAlone checks it on every example, the mode's fuzz target
	// on any input.
	ReadOnly bool
	// DecodesMetadata reports whether, with the given options, the mode's reference reads the
	// config as `kubectl apply -f` reads a file, decoding each document's metadata as ObjectMeta
	// before anything else (package objectmeta): a document that does not decode is refused.
	// Nil: never.
	DecodesMetadata func(contract.Options) bool
	// Commands writes the command lines a request stands for and what each prints, from the
	// mode's answer (resp has no errors) or, when kubectl refuses the config before sending
	// anything, from an empty response (package command holds what they share). Nil: none.
	Commands func(in *Input, resp *contract.Response) []contract.Command
	// Reproduce says how a test cluster replays the mode's merge (package reproduce); the zero
	// value: it cannot, the mode has no reproduce script.
	Reproduce Reproduction
	// Again is the next round of a learner's loop ("Apply again"): which input takes what.
	Again Again
	// Marks are the marks the mode can give a field, which the page's exercise offers (only apply,
	// with overwrite off, and ssa give conflicts); TestMarksAreTheModes checks every example.
	Marks []contract.Mark
	// Folds are the blocks of the result the page folds by default, by the paths the
	// response's layout.folds names them.
	Folds []string
	// LiveFromCluster says live is an object a cluster holds (not a local copy, as merge3's
	// is): its metadata says who manages it, which the handler adds as extra.management
	// (package management).
	LiveFromCluster bool
	// Views are the page's own views of what the mode adds in extra (web/modeviews.js:
	// "ownership", "helm", "outOfSync").
	Views []string
	// Writer says the mode is one of a history's writers (kubectl create, replace, edit, scale,
	// label, annotate, a controller's update): it answers alone as any mode does, but it is a step of a
	// story rather than a merge to study on its own, so the page's mode switch does not offer it
	// (handler.MarshalModes lists it under "writers", not "modes").
	Writer bool
	// Unsplit says the mode reads updated as one document that is no resource (a JSON patch, a
	// list of operations): the handler parses it and hands it whole (Input.UpdatedDocs) rather
	// than splitting it into resources.
	Unsplit bool
	// Run merges.
	Run func(ctx context.Context, in *Input) *contract.Response
}

// Role is what an input means to a mode.
type Role struct {
	Input yamltree.Input
	// Label names the input in the mode ("last-applied"); Hint says what to put in it.
	Label, Hint string
	_           notComparable
}

// Option is an option a mode reads, with what it means to the mode.
type Option struct {
	// Key is the option's key in the request's options (contract.OptionSpec.Key).
	Key string
	// Label names the option's control on the page; Help says what it does in this mode.
	Label, Help string
	// Placeholder and Size shape a text option's control on the page (optional).
	Placeholder string
	Size        int
	// Sent says the option is about how the request reaches the API server (who sends it, how
	// the server validates it) rather than about the merge: the page offers it apart.
	Sent bool
	_    notComparable
}

// notComparable makes a type that holds it not comparable, so that the compiler writes no
// equality code for the arrays of the modes' descriptors (about 12 KB of the wasm for Role and
// Option, which nothing compares).
type notComparable [0]func()

// Again is how a learner's next round is made from this one: live takes the result, and
// original the input Original names (updated; "" when the mode reads no original).
type Again struct {
	_        incomparable.Field
	Original yamltree.Input
	// Help says it in a sentence ("The result becomes live and ...").
	Help string
}

// Reproduction is how a test cluster replays a mode's merge.
type Reproduction struct {
	// Replays says the mode runs against a cluster through kubectl: it has a reproduce script.
	Replays bool
	// LiveState is what the mode reads from a live object beside its fields, which the script
	// gives the object it creates.
	LiveState LiveState
	// PatchesObjects says updated holds patches, not objects: a patch needs no identity of its
	// own to be sent.
	PatchesObjects bool
	// Replay says how a script runs the commands of an answer that do not run as written (kubectl
	// edit, which opens an editor; a controller's HTTP request): one Replayed per command, in
	// order. Nil: every command runs as written, on config.yaml.
	Replay func(in *Input, resp *contract.Response) ([]Replayed, error)
	// Kept checks a step against what the steps before it left on the cluster beside the
	// objects (kept, by key: a Helm release and its last render), and records there what the
	// step leaves; an error says why no cluster can replay the step (a helm upgrade of a release
	// no earlier step installed). A single answer's script has nothing kept before it. Nil: the
	// mode reads and leaves nothing beside the objects.
	Kept func(in *Input, resp *contract.Response, kept map[string]string) error
}

// Replayed is how a script runs one command of an answer: the files it reads, written first,
// then Line, a shell command, in place of the command's own line (which the script prints).
type Replayed struct {
	Files []File
	Line  string
	// Note says, as comment lines of the script before the command, how the command is replayed
	// and what the reader may set (the helm binary); empty: nothing.
	Note string
}

// File is a file a replayed command reads, written by the script as it is; a Name with a
// folder (chart/templates/render.yaml) has its folder made first.
type File struct {
	_          incomparable.Field
	Name, Text string
}

// LiveState is what a mode reads from a live object beside its fields.
type LiveState string

// The live states a reproduce script gives the objects it creates.
const (
	// LiveFieldsOnly: nothing beside the fields.
	LiveFieldsOnly LiveState = ""
	// LiveLastApplied: kubectl's last-applied annotation, set to the original input.
	LiveLastApplied LiveState = "lastApplied"
	// LiveManagedFields: live's metadata.managedFields.
	LiveManagedFields LiveState = "managedFields"
)

// ReadsInput reports whether the mode uses the named input.
func (m Mode) ReadsInput(name yamltree.Input) bool {
	_, ok := m.Role(name)
	return ok
}

// Role returns what the named input means to the mode; false when the mode does not use it.
func (m Mode) Role(name yamltree.Input) (Role, bool) {
	for _, r := range m.Inputs {
		if r.Input == name {
			return r, true
		}
	}
	return Role{}, false
}

// Reads returns the inputs the mode uses, in the contract's order.
func (m Mode) Reads() []yamltree.Input {
	out := make([]yamltree.Input, len(m.Inputs))
	for i, r := range m.Inputs {
		out[i] = r.Input
	}
	return out
}

// Input is what a mode receives: the request and its inputs, parsed and split into resources.
type Input struct {
	Request *contract.Request
	// Original, Updated and Live are the resources of each input, in document order; an input
	// the mode does not read is empty.
	Original, Updated, Live []*stream.Resource
	// UpdatedDocs are updated's documents, parsed but not split, for a mode that is Unsplit
	// (Updated is then empty).
	UpdatedDocs []*yamltree.Document
	// Schema holds the built-in kinds with the user's schema (options.schema) on top.
	Schema *schema.Set
	// User is the user's schema alone (empty when none was given).
	User *schema.Set
	// Memo is what the mode kept from the last request with the same options (nil: nothing).
	Memo *Memo
	// Ask answers another request as the handler does, for a mode that composes others (kpt:
	// merge3, then apply); nil outside a handler.
	Ask func(context.Context, *contract.Request) *contract.Response
	// storedLive holds StoreLive's answers for this request: several steps of a write ask for
	// live as stored (the patch's check, the warnings, managedFields, the notes). A pointer,
	// so that copies of the Input made after its first answer share it.
	storedLive *storedLives
	// lastKind is the last kind Roots looked up, and its root types.
	lastKind *kindRoots
}
