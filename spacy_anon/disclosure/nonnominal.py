"""Lowercase words that are (almost) never nominal: verbs and adverbs, for the model-free chunker.

Used only when a doc has no part-of-speech tags: such words are not disclosure candidates (the paper
masks noun phrases; verbs and adverbs are context). The list was derived once by the disclosure area
from the part-of-speech tags en_core_web_sm gives a 1/6 sample of the WikiActors abstracts (words seen
at least 3 times, tagged VERB/ADV/AUX/ADP/... at least 70% of the time, spaCy stop words removed).
Words ending in "ly" are treated as adverbs by `chunking.looks_nominal` without being listed.
"""

NON_NOMINAL = frozenset(
    """
born known appeared best played starred including won playing died acting received began later
include nominated starring directed worked leading appearing supporting earned released
recurring portrayed included performed wrote produced winning moved remembered acted based
animated went portraying credited came professionally lived working retired continued featured
gained alongside named having acclaimed returned left currently appear stand served making hit
called written performing followed took created better studied noted started running signed
notably achieved worldwide frequently beginning spanned reprised attended recorded like founded
voiced primarily joined developed critically provided hosted aged recently directing titled
raised led eventually established ended twice includes highest aired published found considered
trained seen ran mainly set probably inducted awarded sold usually spent remained particularly
divorced widely subsequently selling said nearly brought toured paid earning billed ranked
originally living described met soon given garnered rose graduated got originated leaving gave
taking survived recognized previously highly turned receiving producing occasionally moving
helped buried suffered shared regularly presented involved educated creating appears voicing
spanning sang graduating entered speaking premiered introduced filmed especially cited returning
posthumously internationally held going adopted starting regarded receive promoted initially
hosting discovered debuted syndicated shot reported portray listed lasted killed dubbed coming
collaborated surviving shortly represented related referred pursue prior near lives landed
inspired focused finally claimed casting briefly attending announced write wanted taught
suffering shown serving saw resulted replaced remains reached presenting marked lent entitled
enjoyed diagnosed broadcast appointed according specialized selected providing opened offered n
help heard grew founding formed featuring extensively emigrated decided confused associated
simply respectively portrays pioneering narrated lost instead identified hired generally
conducted completed celebrated caused believed themed retiring proved participated outside
originating launched joining interred honored grossed estimated employed embarked elected create
contributed competed chosen certified away accused voted transferred taken studying screened
resides relocated relatively read reaching pursued plus perform openly introducing improved
hosts giving finished far devoted despite designed dedicated commercially combined charted broke
bring attracted attempted adapted ultimately topped told talking switched supported successfully
stopped steadily spelled sought sing sharing reprising repeated releasing recognised rarely
quickly publishing praised onstage obtained located launch join interviewed increasingly holds
finishing enter emerged dropped directly declined contributing continuing continues changed
canceled bumbling breaking announcing accepted watched topping till televised teamed struck
stated standing spend specializing spawned runs remain recurred raise quit purchased publicized
pronounced prominently produce placed owned nicknamed memorably largely landing injured helping
garnering fought forced famously faced extended experienced expanded enrolled dying dropping
develop cut convicted continue composed completing commonly come classically choreographed begun
authored assumed asked approximately allowed wearing wear ventured variously typically trying
train thought telling tell takes sung suffers struggled stayed staged spoke spending singled
simultaneously separated seeking scored resumed required reportedly replace remarried reading
rated ranged raising pulled progressed principally picked performs peaked passed overdose
operated onwards murdered mentioned meet manage lesser learned know intended insisted influenced
heavily headlined growing grossing greatly getting generated gaining follow extremely enhanced
emerging drove driven documented crowned costarred confirmed concentrated conceived compared
committed commissioned closely closed cancelled campaigned calling attend apparently aka
acquired writes wisecracking virtually travelling travelled transitioned teaches suddenly
succeeded succeed stretched stop stating specialised signing shifted serve sell seek seeing
secured scheduled saying ruled rising retire resigned replacing repeatedly renamed removed
remember ranging provides prompted promoting possess photographed paired painted overall
oriented organized officially noticed nationally meaning maintained losing looked listen liked
let lauded knighted knew killing invited invariably independently granted gradually globally
flying fired find filled filed failed exposed explored entirely entering enabled en drowned
driving drew drafted dissolved displayed disguised disappeared developing determined designated
describe departed declared deciding dealing culminated covered contracted continuously consisted
considers concentrate collected characterized changing centered built bringing bought badly
aspired aside arrived arrested alternating affected additionally added actually accidentally
aboard
    """.split()
)
