"""City of Rome: a player's won influence cards are on that player's card in the tracker, from the
influence scoring that gave them on (issue 10: "won cards shown on the player's card")."""

from tests.browser.harness import App
from tests.browser.test_app_shell_browser import new_city_of_rome

CARD_JS = """([label, button]) => {
  // The top of each node named `label`, and of the player's first counter button (the card's body).
  const tops = (pick) => Array.from(document.querySelectorAll('flt-semantics'))
    .filter(pick).map(e => e.getBoundingClientRect().top);
  // A labelled group shows its label, then the texts inside it on further lines (in its own span).
  const own = (e) => e.getAttribute('aria-label') || Array.from(e.children).filter(c => c.tagName === 'SPAN')
    .map(c => c.textContent).join('');
  return {parts: tops(e => own(e).split('\\n')[0] === label),
          body: tops(e => e.getAttribute('role') === 'button' && (e.getAttribute('aria-label') || e.textContent) === button)};
}"""


def on_card(app: App, label: str, button: str) -> bool:
    """Whether a node named `label` lies on the player's card: just above its first counter row."""
    found = app.page.evaluate(CARD_JS, [label, button])
    return any(0 < body - part < 120 for part in found["parts"] for body in found["body"])


def test_won_influence_card_shows_on_the_winners_card(browser, server):
    app = App(browser, server.url).open()
    new_city_of_rome(app, ["Ada", "Bo"], start="Ada")  # 2 players: influence cards 4, 8, 14; card 4 in round 2
    app.click("Setup done – start playing")
    app.wait_text("Round 1 of 7")
    app.click("Influence tokens +1 (Bo)")
    app.wait_label("Influence tokens of Bo: 1")
    app.click("End round")
    app.click("End round", dialog=True)
    app.wait_text("Round 2 of 7")
    app.wait_label("Bo: no influence card yet")  # the panel; no card on anybody's player card yet
    assert app.absent("influence cards 4")

    app.scroll_top()
    app.click("End round")
    app.click("End round", dialog=True)
    app.wait_text("Round 3 of 7")
    won = "Bo: influence cards 4, 4 VP"
    app.wait_label(won)
    money = app.find(app.button("Money -1 (Bo)"))  # the top of Bo's card
    for _ in range(6):  # up into the middle of the screen, above the bottom bar
        if money.bounding_box()["y"] < 500:
            break
        app.wheel(250)
    app.idle()
    app.shot("city-of-rome-won-card-en")
    assert on_card(app, won, "Money -1 (Bo)"), app.page.evaluate(CARD_JS, [won, "Money -1 (Bo)"])
    assert app.page.get_by_label("Ada: influence cards", exact=False).count() == 0  # Ada won nothing
    assert not app.errors
