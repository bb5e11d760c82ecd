"""What the claim checker reads besides words: a restriction ("solely"), a condition whose words the
claim has only from the lead-in, an item of a list that is all of a condition, a negation with a phrase
set off between it and its verb, and who is acted on. Each wrong claim beside a faithful one over the
same real provision (the seeded default corpus, English and French)."""

import pytest

from verifier.service import check_claim_items

PIPEDA_7_1_C = ("Paragraph 7(1)(c) of PIPEDA lets an organization collect personal information without the "
                "knowledge or consent of the individual where the collection is {}for literary purposes.")
PA_8_2_E = ("Under paragraph 8(2)(e) of the Privacy Act, personal information under the control of a government "
            "institution may be disclosed to an investigative body specified in the regulations, on the written "
            "request of the body, for the purpose of carrying out a lawful investigation{}.")
CLC_128_3 = ("Under subsection 128(3) of the Canada Labour Code, if an employee on a ship or an aircraft that is in "
             "operation has reasonable cause to believe that a condition exists that constitutes a danger, the {} "
             "shall immediately notify the {} of the circumstances of the danger.")
LPRPDE_7_3_A = ("Selon l’alinéa 7(3)a) de la LPRPDE, l’organisation peut communiquer un renseignement personnel à "
                "l’insu de l’intéressé à un avocat qui représente l’{}.")
PA_8_2_J = ("Paragraph 8(2)(j) of the Privacy Act permits a government institution to disclose personal "
            "information to any person or body for research or statistical purposes if the head of the "
            "institution is satisfied that the purpose cannot reasonably be accomplished unless the information "
            "is provided in a form that would identify the individual to whom it relates{}.")
PA_8_2_J_FR = ("Selon l’alinéa 8(2)j) de la Loi sur la protection des renseignements personnels, la communication "
               "des renseignements personnels qui relèvent d’une institution fédérale est autorisée à toute personne "
               "ou à tout organisme, pour des travaux de recherche ou de statistique, pourvu que soient réalisées "
               "les deux conditions suivantes : le responsable de l’institution est convaincu que les fins "
               "auxquelles les renseignements sont communiqués ne peuvent être normalement atteintes que si les "
               "renseignements sont donnés sous une forme qui permette d’identifier l’individu qu’ils concernent{}.")
PA_16_3 = ("Under s. 16(3) of the Privacy Act, where the head of a government institution fails to give access to "
           "any personal information requested under subsection 12(1) within the time limits set out in the Act, "
           "the head {}, for the purposes of the Act, {} deemed to have refused to give access.")
CLC_210_1_3 = ("Under s. 210(1.3) of the Canada Labour Code, every {} who takes the leave of absence must, as soon "
               "as possible, provide the {} with a notice in writing of the beginning of any period of leave, the "
               "reasons for the leave and the length of the leave.")
CLC_210_1_3_REQUIRES = ("Section 210(1.3) of the Canada Labour Code requires the {}, as soon as possible, to provide "
                        "the {} with a notice in writing of the beginning of any period of leave, the reasons for the "
                        "leave and the length of the leave.")
C42_66_9_2 = ("Under subsection 66.9(2) of the Copyright Act, the Minister shall cause a copy of each annual report to "
              "be laid before each House of Parliament on any of the first fifteen days on which that House is "
              "sitting after {}.")
CLC_36_1_B = ("Under s. 36(1)(b) of the Canada Labour Code, the certification of any trade union that was previously "
              "certified as the bargaining agent for any employees in the bargaining unit is deemed to be revoked{}.")
LPRP_12_1_B = ("Selon l’alinéa 12(1)b) de la Loi sur la protection des renseignements personnels, tout citoyen canadien a "
               "le droit de se faire communiquer, sur demande, les autres renseignements personnels le concernant et "
               "relevant d’une institution fédérale{}.")
C42_40_2 = "Under subsection 40(2) of the Copyright Act, {} in any case in respect of which {}."
LDA_40_2 = "Selon le paragraphe 40(2) de la Loi sur le droit d’auteur, {} aux cas visés {}."
C42_13_3 = ("Under s. 13(3) of the Copyright Act, where the author of a work was in the employment of some other "
            "person under a contract of service and the work was made in the course of his employment by that "
            "person, {} shall, in the absence of any agreement to the contrary, be the first owner of the copyright.")
CLC_52_1 = ("Under s. 52(1) of the Canada Labour Code, {} shall give notice of the technological change to {} at least "
            "one hundred and twenty days prior to the date on which the technological change is to be effected.")
CCT_52_1 = ("Selon le paragraphe 52(1) du Code canadien du travail, {} est tenu de donner avis à {} au moins cent vingt "
            "jours avant la date prévue pour le changement.")
C42_3_1_G = ("Under paragraph 3(1)(g) of the Copyright Act, copyright includes the sole right to present at a public "
             "exhibition, for a purpose other than sale or hire, an artistic work created after June 7, 1988{}, and to "
             "authorize any such acts.")
LCDP_50_2 = ("Selon le paragraphe 50(2) de la LCDP, il tranche les questions de droit et les questions de fait dans les "
             "affaires dont il est saisi en vertu de la présente {}.")
CLC_256_3_B = ("Under paragraph 256(3)(b) of the Canada Labour Code, every employer who refuses to make available for "
               "examination by the Head at {} time any such record kept by the employer is guilty of an offence.")
LDA_18_2_B = ("Selon l’alinéa 18(2)b) de la Loi sur le droit d’auteur, la première publication de l’enregistrement sonore "
              "en quantité suffisante pour satisfaire la demande {} a eu lieu dans tout pays visé à l’alinéa a).")
CLC_14_1 = ("Under s. 14.1 of the Canada Labour Code, in the event of the death or incapacity of a member of a panel "
            "formed under subsection 14(1), the chairperson of the {} may determine any matter that was before the panel.")
CCT_14_1 = ("Selon l’article 14.1 du Code canadien du travail, en cas de décès ou d’empêchement d’un membre représentant "
            "des employés ou des employeurs, le président {} peut trancher seul l’affaire dont la formation était saisie.")
LI_19_2 = ("Selon le paragraphe 19(2) de la Loi d’interprétation, le pouvoir conféré à {} de faire prêter serment ou de "
           "recevoir des déclarations ou affirmations solennelles, ou des affidavits, peut être exercé par {}.")
LCDP_36_1 = ("Selon le paragraphe 36(1) de la LCDP, sous réserve de l’article 36.1, le président peut constituer au sein "
             "de la Commission des sections qui peuvent exercer, conformément aux instructions de la Commission, tout ou "
             "partie des pouvoirs et fonctions de celle-ci{}.")
LDA_30_1_2 = ("Selon le paragraphe 30.1(2) de la Loi sur le droit d’auteur, {} si des exemplaires de l’oeuvre ou de l’autre "
              "objet du droit d’auteur sont accessibles sur le marché et sont sur un support et d’une qualité appropriés "
              "aux fins visées au paragraphe (1).")
C42_30_8_3 = ("Under subsection 30.8(3) of the Copyright Act, {} must make the record referred to in subsection (2) "
              "available to {} within twenty-four hours after receiving a request.")
C42_30_8_3_REQUIRES = ("Subsection 30.8(3) of the Copyright Act requires {} to make the record referred to in "
                       "subsection (2) available to {} within twenty-four hours after receiving a request.")
WORKS = "owners of copyright in the works, sound recordings or performer’s performances"
LCDP_44_1 = ("Selon le paragraphe 44(1) de la Loi canadienne sur les droits de la personne, {} présente son "
             "rapport à {} le plus tôt possible après la fin de l’enquête.")
CLC_56 = ("Under section 56 of the Canada Labour Code, a collective agreement entered into between a bargaining agent "
          "and an employer in respect of a bargaining unit is, {}, binding on the bargaining agent, every employee in "
          "the bargaining unit and the employer.")
CLC_32_2 = ("Under subsection 32(2) of the Canada Labour Code, the Board may certify a council of trade unions as the "
            "bargaining agent for a bargaining unit{}.")
CLC_67_1 = ("Under subsection 67(1) of the Canada Labour Code, a collective agreement with no provision as to its term "
            "is deemed to be for a term of one year from the date on which it comes into force and shall not, except "
            "as provided by subsection 36(2){}, be terminated by the parties within that term of one year.")
C42_35_2 = ("Under subsection 35(2) of the Copyright Act, in proving profits, the {} shall be required to prove only "
            "receipts or revenues derived from the infringement.")
CLC_137_1_4 = ("Under subsection 137.1(4) of the Canada Labour Code, a quorum of the Commission consists of the "
               "chairperson or alternate chairperson, one member representative of {} employees and one member "
               "representative of employers.")

# (wrong claim, words its rationale must name, the faithful claim, language)
CASES = {
    # The subject of "shall, as soon as possible, provide" swapped: every word is in the text.
    "who-gives-notice-swapped": (
        CLC_210_1_3.format("employer", "employee"), "“employer” do “provide”", CLC_210_1_3.format("employee", "employer"),
        "eng"),
    "who-is-required-to-give-notice-swapped": (
        CLC_210_1_3_REQUIRES.format("employer", "employee"), "“employer” do “provide”",
        CLC_210_1_3_REQUIRES.format("employee", "employer"), "eng"),
    # The text's subject is no listed party: "The programming undertaking must make" names it an actor.
    "an-actor-the-text-names-swapped": (
        C42_30_8_3.format("owners of copyright", "the programming undertaking"), "“owners” do “make”",
        C42_30_8_3.format("the programming undertaking", "owners of copyright"), "eng"),
    # The one "requires" names is read past a list set off by commas, with no determiner before it.
    "who-is-required-through-a-list-swapped": (
        C42_30_8_3_REQUIRES.format(WORKS, "the programming undertaking"), "“owners” do “make”",
        C42_30_8_3_REQUIRES.format("the programming undertaking", WORKS), "eng"),
    # No modal, no listed party: who gives to whom is read off the word the two share.
    "qui-remet-a-qui-inverse": (
        LCDP_44_1.format("la Commission", "l’enquêteur"), "“Commission” “rapport” to “enquêteur”",
        LCDP_44_1.format("l’enquêteur", "la Commission"), "fra"),
    # The unit a rule is made for the purposes of, widened from the Part to the Act.
    "purposes-of-the-part-widened-to-the-act": (
        CLC_56.format("subject to and for the purposes of the Act"), "“purposes of the Act”",
        CLC_56.format("subject to and for the purposes of this Part"), "eng"),
    # A condition "where" opens with no comma before it.
    "a-where-condition-without-a-comma-dropped": (
        CLC_32_2.format(""), "drops the condition “where the Board is satisfied",
        CLC_32_2.format(" where the Board is satisfied that the requirements for certification prescribed by or "
                        "pursuant to this Part have been met"), "eng"),
    # A cross-reference defers; "or with the consent of the Board" beside it is a condition of its own.
    "the-other-way-out-of-a-reservation-dropped": (
        CLC_67_1.format(""), "drops the condition “except as provided by subsection 36(2) or with the consent",
        CLC_67_1.format(" or with the consent of the Board"), "eng"),
    # Both parties prove something; who proves what is the point ("shall be required to" is no passive).
    "who-proves-which-thing-swapped": (
        C42_35_2.format("defendant"), "“defendant” do “prove … receipts”", C42_35_2.format("plaintiff"), "eng"),
    # "supervisory" named alone where the text has only "non-supervisory".
    "a-compound-cut-to-its-last-part": (
        CLC_137_1_4.format("supervisory"), "“supervisory” where", CLC_137_1_4.format("non-supervisory"), "eng"),
    "solely-left-out": (PIPEDA_7_1_C.format(""), "“solely for", PIPEDA_7_1_C.format("solely "), "eng"),
    "lead-in-words-do-not-keep-a-condition": (
        PA_8_2_E.format(""), "describes",
        PA_8_2_E.format(", if the request specifies the purpose and describes the information to be disclosed"),
        "eng"),
    "who-is-notified-swapped": (
        CLC_128_3.format("person in charge of the ship or aircraft", "employee"), "notify … employee",
        CLC_128_3.format("employee", "person in charge of the ship or aircraft"), "eng"),
    "the-lawyer-represents-the-wrong-party": (
        LPRPDE_7_3_A.format("intéressé"), "représente … organisation", LPRPDE_7_3_A.format("organisation"), "fra"),
    "the-second-of-two-conditions-dropped": (
        PA_8_2_J.format(""), "drops the condition “obtains",
        PA_8_2_J.format(", and obtains from the person or body a written undertaking that no subsequent disclosure "
                        "of the information will be made in a form that could reasonably be expected to identify "
                        "the individual to whom it relates"), "eng"),
    "la-seconde-des-deux-conditions-omise": (
        PA_8_2_J_FR.format(""), "drops the condition “la personne ou l’organisme s’engagent",
        PA_8_2_J_FR.format(", et la personne ou l’organisme s’engagent par écrit auprès du responsable de "
                           "l’institution à s’abstenir de toute communication ultérieure des renseignements tant "
                           "que leur forme risque vraisemblablement de permettre l’identification de l’individu "
                           "qu’ils concernent"), "fra"),
    # "to the extent that" / "dans la mesure où" limit what the rule reaches, as a condition does.
    "to-the-extent-dropped": (
        CLC_36_1_B.format(""), "drops the condition “to the extent that the certification",
        CLC_36_1_B.format(" to the extent that the certification relates to those employees"), "eng"),
    "dans-la-mesure-omise": (
        LPRP_12_1_B.format(""), "drops the condition “dans la mesure où il peut fournir",
        LPRP_12_1_B.format(", dans la mesure où il peut fournir sur leur localisation des indications suffisamment "
                           "précises pour que l’institution fédérale puisse les retrouver sans problèmes sérieux"), "fra"),
    # What the rule says does not apply, turned round with what it applies beside.
    "what-does-not-apply-turned": (
        C42_40_2.format("subsection (1) does not apply", "sections 38 and 42 apply"),
        "says “subsection (1) does not apply” where",
        C42_40_2.format("sections 38 and 42 do not apply", "subsection (1) applies"), "eng"),
    "ce-qui-ne-s-applique-pas-inverse": (
        LDA_40_2.format("le paragraphe (1) ne s’applique pas", "aux articles 38 et 42"),
        "says “paragraphe (1) ne s’applique pas” where",
        LDA_40_2.format("les articles 38 et 42 ne s’appliquent pas", "au paragraphe (1)"), "fra"),
    # "shall ... be the first owner": a copula has a subject too (claims set 6 found it on this
    # provision; no other in the default corpus has a party as the subject of "shall be the").
    "who-shall-be-the-owner-replaced": (
        C42_13_3.format("the author"), "The claim has “author”",
        C42_13_3.format("the person by whom the author was employed"), "eng"),
    # The text's subject stands before a relative clause longer than the old reach ("An employer who
    # is bound ... and who proposes ... shall give notice"; "L’employeur lié ... et qui se propose
    # ... est tenu d’en donner avis"). Claims set 7 found the French on this provision.
    "who-gives-notice-turned-past-a-relative-clause": (
        CLC_52_1.format("the bargaining agent", "the employer"), "The claim turns who gives to whom",
        CLC_52_1.format("an employer who is bound by a collective agreement and who proposes to effect a "
                        "technological change", "the bargaining agent"), "eng"),
    "qui-donne-avis-inverse-apres-une-relative": (
        CCT_52_1.format("l’agent négociateur", "l’employeur"), "The claim turns who gives to whom",
        CCT_52_1.format("l’employeur", "l’agent négociateur"), "fra"),
    # What "other than" leaves out is a condition of the rule (claims set 10 found it on PIPEDA s. 18(1)(d)).
    "other-than-dropped": (
        C42_3_1_G.format(""), "drops the condition “other than a map”",
        C42_3_1_G.format(", other than a map, chart or plan"), "eng"),
    # The unit a matter is "under" widened (set 10: CHRA s. 59's "under this Part").
    "en-vertu-de-la-partie-elargi": (
        LCDP_50_2.format("loi"), "says “en vertu de la présente loi” where",
        LCDP_50_2.format("partie"), "fra"),
    # "reasonable" / "convenable" dropped from what it qualifies (set 10: CHRA s. 43(2.1) in French).
    "reasonable-dropped": (
        CLC_256_3_B.format("any"), "says “time” where", CLC_256_3_B.format("any reasonable"), "eng"),
    "raisonnable-omis": (
        LDA_18_2_B.format("du public"), "says “demande” where", LDA_18_2_B.format("raisonnable du public"), "fra"),
    # A party named as another body's (claims set 10 found the English on this provision; no other
    # unit of the default corpus names a party as one body's and holds another body's name).
    "whose-chairperson-replaced": (
        CLC_14_1.format("Board"), "says “chairperson of the Board” where", CLC_14_1.format("panel"), "eng"),
    "de-quel-president-remplace": (
        CCT_14_1.format("du Conseil"), "says “président du Conseil” where", CCT_14_1.format("de la formation"), "fra"),
    # The one a power is conferred on made the one who exercises it, and the other way round (claims
    # set 10 found it on this provision; the English "conferred on" is not read: see _TO).
    "a-qui-le-pouvoir-est-confere-inverse": (
        LI_19_2.format("un notaire", "un juge de paix"), "The claim turns who gives to whom",
        LI_19_2.format("un juge de paix", "un notaire ou un commissaire aux serments"), "fra"),
    # "à l’exception du ..." is an exclusion to keep (claims set 11 found it on CHRA s. 31(3)).
    "a-l-exception-du-omis": (
        LCDP_36_1.format(""), "drops the condition “à l’exception du pouvoir",
        LCDP_36_1.format(", à l’exception du pouvoir de prendre des règlements administratifs"), "fra"),
    # Labels of letters in what does not apply ("alinéas (1)a) à c)"); set 11 found it on this provision.
    "quels-alineas-ne-s-appliquent-pas": (
        LDA_30_1_2.format("le paragraphe (1) ne s’applique pas"), "says “paragraphe (1) ne s’applique pas” where",
        LDA_30_1_2.format("les alinéas (1)a) à c) ne s’appliquent pas"), "fra"),
    "timed-from-another-event": (
        C42_66_9_2.format("the report"), "times it after “the report” where",
        C42_66_9_2.format("the Minister receives the report"), "eng"),
    "a-negation-before-a-phrase-set-off-by-commas": (
        PA_16_3.format("is not", "is"), "negates “deemed”", PA_16_3.format("shall", "be"), "eng"),
}


def _label(claim, lang):
    [result] = check_claim_items([{"claim": claim}], lang=lang)
    return result["label"], result["rationale"]


@pytest.mark.django_db
@pytest.mark.parametrize(("wrong", "named", "faithful", "lang"), CASES.values(), ids=CASES.keys())
def test_the_wrong_claim_is_unknown_naming_why_and_the_faithful_one_is_verified(wrong, named, faithful, lang):
    label, rationale = _label(wrong, lang)
    assert label == "unknown" and named in rationale, rationale
    label, rationale = _label(faithful, lang)
    assert label == "verified", rationale
