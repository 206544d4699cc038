"""Job titles by their head noun: the trades, crafts and service jobs the occupation lexicon of
``extraction_rules`` lacks, and the nouns said of a person at a place that name no job.

The lexicon there knows the office and professional titles (engineer, nurse, teacher ...). People also work as
porters, groomers, solicitors, couriers and lab techs; "I'm a night porter at the Aldwyn" named no occupation the
readers knew, so the role and its employer were both lost. A title is known by its last word ("hotel porter",
"dog groomer", "lab tech"), so a word listed here must name a job whatever stands before it, and not also an
everyday thing or a pastime ("keeper", "runner", "host", "server" and "worker" are left out: "a goalkeeper on a
Sunday team", "a hard worker").

``NOT_A_JOB`` is the other side: a person said to be something "at" a named place who holds no job there ("a
member at the gym", "a regular at the Crown", "a season ticket holder at Millwall").
"""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(w.strip().lower() for w in text.replace("\n", ",").split(",") if w.strip())


TRADES = _words("""
    porter, groomer, solicitor, barrister, courier, hairdresser, barber, stylist, beautician, butcher, fishmonger,
    grocer, shopkeeper, florist, tailor, seamstress, cobbler, jeweller, jeweler, locksmith, upholsterer, glazier,
    roofer, plasterer, bricklayer, tiler, joiner, decorator, labourer, laborer, handyman, foreman, machinist,
    fitter, surveyor, auditor, actuary, underwriter, bookkeeper, teller, broker, notary, magistrate,
    constable, detective, inspector, dispatcher, controller, operator, conductor, steward, stewardess,
    chauffeur, cabbie, trucker, postman, postwoman, lifeguard, bouncer, doorman, custodian, caretaker,
    housekeeper, nanny, childminder, babysitter, carer, concierge, sommelier, barman, barmaid, brewer, distiller,
    winemaker, landscaper, arborist, rancher, shepherd, fisherman, miner, forester, ranger, zookeeper, optician,
    optometrist, dietitian, dietician, nutritionist, physio, physiotherapist, chiropractor, osteopath,
    podiatrist, hygienist, radiographer, sonographer, phlebotomist, anaesthetist, orderly, doula, chaplain,
    priest, pastor, vicar, rabbi, imam, tech, technologist, admin, docent, curator, archivist, historian,
    reporter, columnist, presenter, broadcaster, proofreader, counsellor, counselor, headteacher, headmaster,
    headmistress, ta, dba, qa, merchandiser, estimator, draughtsman, draftsman, cartographer,
    geologist, ecologist, guide, representative, rep,
    supervisor, superintendent, executive, strategist, advisor, adviser, auxiliary, warden,
    packer, sorter, busser, hostess
""")

# Said of a person at a place, these name no job held there.
NOT_A_JOB = _words("""
    member, regular, customer, client, patient, guest, user, fan, supporter, volunteer, holder, subscriber, visitor,
    tourist, resident, beginner, newbie, lover, learner, attendee, participant, spectator, passenger, donor,
    shareholder, investor, friend, neighbour, neighbor, local
""")


def names_no_job(role: str) -> bool:
    """Whether a role said "at" a place names no job there: its head noun (before any "of") is a member's, a
    regular's, a fan's."""
    words = role.lower().split(" of ", 1)[0].split()  # "a big fan of the porter": the head is "fan"
    return bool(words) and words[-1] in NOT_A_JOB


# A stage of training said after the title: "an air traffic controller trainee", "a plumber apprentice", "a pilot in
# training". The title is the word before it; "a gym trainee" names no job, as "a gym" does not.
_STAGES = frozenset(("trainee", "apprentice", "intern", "cadet"))


def head_noun(role: str) -> str:
    """The head noun of a role, lower case, before any stage of training said after it."""
    words = role.lower().split()
    if len(words) > 2 and words[-2:] == ["in", "training"]:
        words = words[:-2]
    while len(words) > 1 and words[-1] in _STAGES:
        words.pop()
    return words[-1] if words else ""
