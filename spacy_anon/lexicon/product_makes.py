"""Makes of vehicles and phones written before a model's name ("Ford Focus", "Nissan Qashqai", "Samsung
Galaxy S23", "Land Rover Defender"). A tagger reads the pair as a person, an organisation or a place; the
everyday guideline marks a vehicle's or a device's model as MISC (it points at its owner, and a make is no
person's or place's name), so a policy for people or places does not act on it and its surrogate is no
person's name. A model named without a make ("iPhone 15", "MacBook Air", "my Corsa's clutch") counts too. The make alone stays
what a tagger said ("Ford" is a surname as often as a car), as does a make before a given name ("Honda
Takashi", a Japanese name written surname first) or an organisation's head ("Ford Foundation")."""
import re
from typing import Callable, List, Optional, Sequence, Tuple

from spacy_anon.lexicon.category_words import ORG_HEADS

VEHICLE_MAKES = frozenset(
    "ford vauxhall opel volkswagen vw toyota honda nissan hyundai kia peugeot renault citroen citroën fiat skoda "
    "škoda seat cupra volvo bmw audi mercedes mercedes-benz tesla mazda subaru mitsubishi suzuki lexus jaguar "
    "mini porsche chevrolet chevy dodge jeep chrysler cadillac buick dacia mg saab yamaha ducati kawasaki "
    "polestar byd isuzu infiniti acura ssangyong".split())
# makes of two words ("Land Rover Discovery", "Alfa Romeo Giulia", "Range Rover Sport")
TWO_WORD_MAKES = frozenset({("land", "rover"), ("range", "rover"), ("alfa", "romeo"), ("aston", "martin"),
                            ("harley", "davidson"), ("rolls", "royce")})
# makes that are also Japanese surnames, read as makes only before a model known or shaped as one
SURNAME_MAKES = frozenset("honda toyota suzuki mazda subaru mitsubishi isuzu nissan".split())
KNOWN_MODELS = frozenset(
    "prius yaris corolla aygo auris avensis camry hilux chr c-hr rav4 land cruiser supra civic jazz accord crv cr-v "
    "hr-v hrv swift vitara ignis jimny celerio baleno outback forester impreza xv legacy outlander shogun l200 "
    "eclipse micra juke qashqai leaf note x-trail navara mx-5 mx5 cx-5 cx5 cx-3 cx-30 mazda2 mazda3 mazda6 "
    "altima sentra maxima rogue pathfinder murano frontier titan armada versa kicks tacoma tundra highlander "
    "sienna 4runner sequoia odyssey pilot ridgeline passport cx-9 cx-50 crosstrek ascent wrx lancer mirage".split())
DEVICE_MAKES = frozenset("samsung huawei xiaomi oneplus motorola nokia oppo vivo realme dyson lg lenovo asus acer "
                          "miele garmin fitbit dell hp toshiba".split())  # appliances, computers ("Dyson V15",
# "Dell Latitude 5520")
# models written without their make ("iPhone 15 Pro", "MacBook Air", "Pixel 8")
MODELS_ALONE = frozenset("iphone ipad macbook imac pixel galaxy corsa fiesta astra clio qashqai micra yaris prius octavia "
                         "fabia kuga mondeo zafira insignia megane sandero".split())
MODEL_YEAR = re.compile(r"(?:19[5-9]|20[0-4])\d")  # "a silver 2014 Nissan Altima"
ORG_WORDS = frozenset("foundation motors motor company co ltd limited plc inc group finance dealership dealer "
                      "garage centre center store shop uk bank insurance credit services technologies computers "
                      "electronics corporation corp pictures music entertainment".split())
# words that make the run a place's name ("Lincoln Park", "Jaguar Lane", "Ford Street")
PLACE_WORDS = frozenset("park street road lane avenue drive close way square hill green house court place "
                        "estate village town city county island bridge station airport".split())


def model_words(words: Sequence[str], is_given_name: Callable[[str], bool]) -> Optional[Tuple[int, int]]:
    """(start, end) indices in `words` (a span's words, as written) of a make and its model, when the span
    opens with one after at most two lower-case words or a model year ("black Samsung Galaxy S23" -> (1, 4);
    "silver 2014 Nissan Altima" -> (2, 4); "Ford Focus to Leeds" -> (0, 2)); else None."""
    start = _model_start(words, is_given_name)
    if start is None:
        return None
    end = start + 1
    while end < len(words) and (words[end][:1].isupper() or any(c.isdigit() for c in words[end])
                                or words[end].lower() in MODELS_ALONE):
        end += 1
    return start, end


def _model_start(words: Sequence[str], is_given_name: Callable[[str], bool]) -> Optional[int]:
    lower = [w.lower().strip(".,") for w in words]
    for i, word in enumerate(lower[:3]):
        if not words[i][:1].isupper() and word not in MODELS_ALONE:
            if word.isalpha() or MODEL_YEAR.fullmatch(word):
                continue  # a colour, an adjective or a model year before the make ("blue", "2014")
            return None
        rest = lower[i + 1:]
        if any(w in ORG_WORDS or w in PLACE_WORDS or w in ORG_HEADS for w in rest):
            return None
        if word in MODELS_ALONE and (rest or word != "galaxy"):
            return i
        make = 2 if tuple(lower[i:i + 2]) in TWO_WORD_MAKES else 1 if word in VEHICLE_MAKES | DEVICE_MAKES else 0
        model = words[i + make:]
        if make and model and (model[0][:1].isupper() or model[0][:1].isdigit()) \
                and not is_given_name(model[0].lower()) \
                and (word not in SURNAME_MAKES or model[0].lower() in KNOWN_MODELS or not model[0].isalpha()):
            return i
        return None
    return None


# the words a make or a model opens with, for a quick test before the full reading
FIRST_WORDS = VEHICLE_MAKES | DEVICE_MAKES | MODELS_ALONE | frozenset(w for w, _ in TWO_WORD_MAKES) | frozenset(
    w.split("-")[0] for w in VEHICLE_MAKES if "-" in w)


def model_across(before: List[str], after: List[str], is_given_name: Callable[[str], bool]) -> bool:
    """Whether a make ends the words `before` and its model opens the words `after` ("Audi" + "A4 and a")."""
    found = model_words(before + after, is_given_name)
    return found is not None and found[0] == len(before) - 1 and found[1] > len(before)
