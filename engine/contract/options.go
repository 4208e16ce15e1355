package contract

// OptionType is how an option's value is written in a request.
type OptionType string

// The option types.
const (
	// Boolean is true or false.
	Boolean OptionType = "boolean"
	// Choice is one string of OptionSpec.Choices.
	Choice OptionType = "choice"
	// Line is a string of one line, at most OptionSpec.MaxLength characters.
	Line OptionType = "string"
	// Text is a string of any length and any lines (a schema).
	Text OptionType = "text"
)

// OptionSpec is one option of the contract: its key in the request's options, how its value is
// written, its default (the value an omitted option takes: DefaultOptions) and what it means.
// Which modes read it, and what it means to each, the modes say (package modes).
type OptionSpec struct {
	// Key is the option's key in the request's options ("overwrite").
	Key  string
	Type OptionType
	// Default is a bool for a Boolean option, else a string.
	Default any
	// Choices are the values a Choice option takes, the default first.
	Choices []string
	// MaxLength bounds a Line option's characters (the page refuses longer ones); 0 otherwise.
	MaxLength int
	// Meaning says in one sentence what the option asks for.
	Meaning string
}

// OptionSpecs returns every option of the contract, in the order Options declares them.
// TestOptionSpecsAreTheContracts checks them against Options, DefaultOptions and DecodeRequest.
func OptionSpecs() []OptionSpec {
	return []OptionSpec{
		{Key: "overwrite", Type: Boolean, Default: true, Meaning: "kubectl apply --overwrite: replace live values that drifted from last-applied (false reports them as conflicts)"},
		{Key: "prune", Type: Boolean, Default: false, Meaning: "kubectl apply --prune: delete the resources last-applied had and the config dropped"},
		{Key: "manager", Type: Line, Default: "kubectl", MaxLength: 256, Meaning: "the field manager of a server-side apply or update (--field-manager)"},
		{Key: "force", Type: Boolean, Default: false, Meaning: "--force-conflicts: a server-side apply takes over the fields other managers own"},
		{Key: "operation", Type: Choice, Default: "apply", Choices: []string{"apply", "update"}, Meaning: "a server-side apply, or an update (a PUT of the whole object)"},
		{Key: "client", Type: Choice, Default: ClientKubectl, Choices: []string{ClientKubectl, ClientServer}, Meaning: "who sends a server-side apply: kubectl apply --server-side, or the API server's apply alone (client-go, a controller)"},
		{Key: "inferKeys", Type: Boolean, Default: false, Meaning: "merge3 guesses the merge keys of lists no schema describes"},
		{Key: "multiKeys", Type: Boolean, Default: false, Meaning: "merge lists on several key fields, as the \"multi-fields merge key\" proposal says"},
		{Key: "schema", Type: Text, Default: "", Meaning: "a schema of the user's: OpenAPI v2 or v3, a CRD, or a structured-merge-diff schema"},
		{Key: "schemaType", Type: Line, Default: "", MaxLength: 256, Meaning: "the schema type of documents that carry no known kind"},
		{Key: "now", Type: Line, Default: "", MaxLength: 64, Meaning: "the time written into managedFields, RFC 3339 (empty: the current time)"},
		{Key: "validate", Type: Choice, Default: ValidateStrict, Choices: []string{ValidateStrict, ValidateWarn, ValidateIgnore}, Meaning: "kubectl's --validate: strict refuses a config with an undeclared field or a value of the wrong type, warn merges and lists them, ignore does not check"},
		{Key: "apiServer", Type: Choice, Default: APIServerOn, Choices: []string{APIServerOn, APIServerOff}, Meaning: "on: the object as the API server stores it, refused as it validates it; off: the merge libraries' answer alone"},
		{Key: "replicas", Type: Line, Default: "", MaxLength: 16, Meaning: "kubectl scale --replicas: the count the scale subresource sets spec.replicas to"},
		{Key: "subresource", Type: Choice, Default: "", Choices: []string{"", SubresourceStatus, SubresourceScale}, Meaning: "the subresource a controller's update goes through: none (the object), status or scale"},
		{Key: "args", Type: Line, Default: "", MaxLength: 4096, Meaning: "kubectl label's or annotate's words: key=value, key- and --overwrite"},
		{Key: "release", Type: Line, Default: "", MaxLength: 53, Meaning: "the Helm release a helm install or upgrade acts for (empty: the first object's name)"},
		{Key: "serverSide", Type: Choice, Default: ServerSideAuto, Choices: []string{ServerSideAuto, ServerSideTrue, ServerSideFalse}, Meaning: "Helm 4's --server-side: auto (an install applies server-side; an upgrade as the release was applied), true or false"},
	}
}
